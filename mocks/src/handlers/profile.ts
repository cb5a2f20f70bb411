import { ACCOUNT_MESSAGES } from '@app/contracts/api/account-messages';
import { endpoints } from '@app/contracts/api/endpoints';
import { NOT_FOUND_DETAIL } from '@app/contracts/api/errors';
import { MAIL_CHANGE_MESSAGES } from '@app/contracts/api/mail-change';
import { REVIEW_STATUS } from '@app/contracts/domain/statuses';
import { detailFixture } from '../fixtures';
import { failureReply, mock, validate } from '../reply';
import type { MockState } from '../state';
import { applicantGate } from './support';

/** The profile (with its version check), the settings, the sessions, the mail change: /api/profile/ and around. */
export function profileHandlers(state: MockState) {
  const e = endpoints;
  const loggedIn = applicantGate(state);
  return {
    [e.profile.get.id]: mock(e.profile.get, () => loggedIn(e.profile.get) ?? state.profile),
    ...Object.fromEntries(
      [e.profile.patch, e.profile.patchWithoutSector, e.profile.patchNameAndIdentity].map((endpoint) => [
        endpoint.id,
        mock(endpoint, ({ body }) => {
          const refused = loggedIn(endpoint);
          if (refused) return refused;
          const checked = validate(endpoint, body);
          if (!checked.ok) return checked.reply;
          const { version, addfiles, ...changes } = checked.value as Record<string, unknown> & { version?: number; addfiles?: number[] };
          if (version !== undefined && version !== state.profile.version) {
            return failureReply(endpoint, 'conflict', { detail: ACCOUNT_MESSAGES.versionConflict });
          }
          const files = (addfiles ?? []).map((id) => state.uploads.find((u) => u.upload.id === id)?.upload);
          const unknown = (addfiles ?? []).filter((_id, i) => files[i] === undefined);
          if (unknown.length > 0)
            return failureReply(endpoint, 'validation', { addfiles: unknown.map((id) => ACCOUNT_MESSAGES.fileNotFound(id)) });
          const attached = files.flatMap((f) =>
            f === undefined ? [] : [{ id: f.id, kind: f.kind, name: f.name, content_type: f.content_type, side: f.side }],
          );
          const identity = attached.some((f) => f.kind === 'identity');
          state.profile = {
            ...state.profile,
            ...changes,
            addfiles: [...state.profile.addfiles.filter((f) => !(identity && f.kind === 'identity')), ...attached],
            ...(identity ? { identity_confirmation: REVIEW_STATUS.confirming } : {}),
            version: state.profile.version + 1,
          };
          return state.profile;
        }),
      ]),
    ),
    [e.systemSettings.suppressEntries.id]: mock(e.systemSettings.suppressEntries, () => state.suppressEntries),
    [e.accountSessions.list.id]: mock(e.accountSessions.list, () => loggedIn(e.accountSessions.list) ?? state.accountSessions),
    [e.accountSessions.revoke.id]: mock(e.accountSessions.revoke, ({ params }) => {
      const refused = loggedIn(e.accountSessions.revoke);
      if (refused) return refused;
      const target = state.accountSessions.find((session) => session.id === params.id);
      if (target === undefined) return failureReply(e.accountSessions.revoke, 'notFound', { detail: NOT_FOUND_DETAIL });
      if (target.current) {
        return failureReply(e.accountSessions.revoke, 'validation', { non_field_errors: [ACCOUNT_MESSAGES.currentSessionNotRevocable] });
      }
      state.accountSessions = state.accountSessions.filter((session) => session !== target);
      return undefined;
    }),
    [e.accountSessions.logoutAll.id]: mock(e.accountSessions.logoutAll, () => {
      const refused = loggedIn(e.accountSessions.logoutAll);
      if (refused) return refused;
      state.accountSessions = [];
      state.me = null;
      return undefined;
    }),
    [e.mailChange.request.id]: mock(e.mailChange.request, ({ body }) => {
      const refused = loggedIn(e.mailChange.request);
      if (refused) return refused;
      const checked = validate(e.mailChange.request, body);
      return checked.ok ? detailFixture(MAIL_CHANGE_MESSAGES.sent) : checked.reply;
    }),
    [e.mailChange.confirm.id]: mock(e.mailChange.confirm, ({ body }) => {
      const checked = validate(e.mailChange.confirm, body);
      return checked.ok ? detailFixture(MAIL_CHANGE_MESSAGES.done) : checked.reply;
    }),
  };
}
