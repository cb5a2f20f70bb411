import { createApi, type Api } from '@app/shared';
import { href } from '@app/shared';

/**
 * The back office's API client: the shared client (credentials, X-CSRFToken, the error catalogue,
 * answers parsed with the contracts), except that stale credentials send staff to the staff login,
 * not to the applicants' /login.
 */
export const staffApi: Api = createApi({
  onStaleCredentials: (message) => {
    window.alert(message);
    window.location.assign(href('backofficeLogin'));
  },
});
