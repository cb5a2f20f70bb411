import { UPLOAD_MAX_FILE_BYTES, endpoints } from '@app/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { activateDelinquency, createUpload, findOwnUpload, listUploads, removeUpload } from './service';
import { sendStoredFile } from './download';

/** Uploads: the applicant's own files only (another user's id is 404, like a missing one). */
export const uploadRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.uploads.list, async ({ auth }) => listUploads(ctx, auth.user)),

  implement(endpoints.uploads.create, async ({ request, auth }) =>
    createUpload(
      ctx,
      auth.user, // preservePath: the name as sent, so a name with a path in it is refused rather than silently cut.
      request.parts({ preservePath: true, limits: { fileSize: UPLOAD_MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 200 } }),
    ),
  ),

  implement(endpoints.uploads.content, async ({ reply, auth, params }) =>
    sendStoredFile(ctx, reply, await findOwnUpload(ctx, auth.user, params.id)),
  ),

  implement(endpoints.uploads.delete, async ({ auth, params }) => {
    await removeUpload(ctx, auth.user, params.id);
    return undefined;
  }),

  implement(endpoints.uploads.activeDelinquency, async ({ auth, body }) => activateDelinquency(ctx, auth.user, body.ids)),
];
