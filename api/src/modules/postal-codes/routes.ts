import { endpoints } from '@app/contracts';
import { implement, type Implementation } from '../../http/endpoints';
import { lookupPostalCode } from './service';

/** The data changes only with a new package version (a deployment): browsers and proxies may keep an answer a day. */
export const POSTAL_CODE_CACHE_CONTROL = 'public, max-age=86400';

/** Postal code → address (public: the registration pages use it before login). */
export const postalCodeRoutes = (): Implementation[] => [
  implement(endpoints.postalCodes.get, async ({ params, reply }) => {
    reply.header('Cache-Control', POSTAL_CODE_CACHE_CONTROL);
    return lookupPostalCode(params.code);
  }),
];
