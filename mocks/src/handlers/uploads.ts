import { safeParse } from 'zod/mini';
import { endpoints } from '@app/contracts/api/endpoints';
import { NOT_FOUND_DETAIL, validationErrorBody } from '@app/contracts/api/errors';
import {
  UPLOAD_FILE_FIELD,
  UPLOAD_MESSAGES,
  UploadRequestFieldsSchema,
  acceptedContentTypes,
  type Upload,
} from '@app/contracts/api/upload';
import { MockReply, failureReply, mock, validate } from '../reply';
import type { MockState } from '../state';
import { applicantGate } from './support';

/** The applicant's uploads, with their bytes. */
export function uploadHandlers(state: MockState) {
  const e = endpoints;
  const loggedIn = applicantGate(state);
  return {
    [e.uploads.list.id]: mock(e.uploads.list, () => loggedIn(e.uploads.list) ?? state.uploads.map((u) => u.upload)),
    // The mock trusts the browser's content type (the API reads the file's bytes instead).
    [e.uploads.create.id]: mock(e.uploads.create, async ({ request }) => {
      const refused = loggedIn(e.uploads.create);
      if (refused) return refused;
      const form = await request.formData();
      const fields = safeParse(UploadRequestFieldsSchema, { kind: form.get('kind') ?? undefined, side: form.get('side') ?? undefined });
      if (!fields.success) return failureReply(e.uploads.create, 'validation', validationErrorBody(fields.error.issues));
      const entry = form.get(UPLOAD_FILE_FIELD);
      // Duck-typed: the File of the page (jsdom, the browser) is not always the one fetch built.
      const file = typeof entry === 'object' && entry !== null && 'arrayBuffer' in entry ? entry : null;
      if (file === null) return failureReply(e.uploads.create, 'validation', { [UPLOAD_FILE_FIELD]: [UPLOAD_MESSAGES.noFile] });
      if (file.size === 0) return failureReply(e.uploads.create, 'validation', { [UPLOAD_FILE_FIELD]: [UPLOAD_MESSAGES.empty] });
      if (!acceptedContentTypes(fields.data.kind).includes(file.type)) {
        return failureReply(e.uploads.create, 'validation', { [UPLOAD_FILE_FIELD]: [UPLOAD_MESSAGES.unsupported(fields.data.kind)] });
      }
      const upload: Upload = {
        id: state.uploads.length + 1000,
        kind: fields.data.kind,
        side: fields.data.side ?? null,
        name: file.name,
        content_type: file.type,
        size: file.size,
        active: false,
        created_at: new Date().toISOString(),
      };
      state.uploads.push({ upload, bytes: await file.arrayBuffer() });
      return upload;
    }),
    [e.uploads.content.id]: mock(e.uploads.content, ({ params }) => {
      const refused = loggedIn(e.uploads.content);
      if (refused) return refused;
      const found = state.uploads.find((u) => String(u.upload.id) === params.id);
      return found === undefined
        ? failureReply(e.uploads.content, 'notFound', { detail: NOT_FOUND_DETAIL })
        : new MockReply(200, found.bytes, { 'Content-Type': found.upload.content_type });
    }),
    [e.uploads.delete.id]: mock(e.uploads.delete, ({ params }) => {
      const refused = loggedIn(e.uploads.delete);
      if (refused) return refused;
      const index = state.uploads.findIndex((u) => String(u.upload.id) === params.id);
      if (index === -1) return failureReply(e.uploads.delete, 'notFound', { detail: NOT_FOUND_DETAIL });
      state.uploads.splice(index, 1);
      return undefined;
    }),
    [e.uploads.activeDelinquency.id]: mock(e.uploads.activeDelinquency, ({ body }) => {
      const refused = loggedIn(e.uploads.activeDelinquency);
      if (refused) return refused;
      const checked = validate(e.uploads.activeDelinquency, body);
      if (!checked.ok) return checked.reply;
      const { ids } = checked.value as { ids: number[] };
      const wrong = ids.filter((id) => !state.uploads.some((u) => u.upload.id === id && u.upload.kind === 'delinquency'));
      if (wrong.length > 0)
        return failureReply(e.uploads.activeDelinquency, 'validation', { ids: wrong.map((id) => UPLOAD_MESSAGES.notDelinquency(id)) });
      for (const u of state.uploads) if (ids.includes(u.upload.id)) u.upload = { ...u.upload, active: true };
      return state.uploads.filter((u) => u.upload.kind === 'delinquency').map((u) => u.upload);
    }),
  };
}
