import { ACCOUNT_MESSAGES } from '@app/contracts/api/account-messages';
import { endpoints } from '@app/contracts/api/endpoints';
import { accountSummaryFixture, detailFixture, healthFixture, meFixture, openApiFixture, visitorFixture } from '../fixtures';
import { answer, failureReply, mock, notAuthenticated, validate } from '../reply';
import type { MockState } from '../state';
import { applicantGate } from './support';

/** Health, the schema, register, log in and out, the current user, the password flows. */
export function accountHandlers(state: MockState) {
  const e = endpoints;
  const loggedIn = applicantGate(state);
  return {
    [e.health.get.id]: answer(e.health.get, healthFixture()),
    [e.health.ready.id]: answer(e.health.ready, { status: 'ready' }),
    [e.schema.get.id]: answer(e.schema.get, openApiFixture()),
    // The shell's beacons (issue 26): checked against the contract, then 204; the mocks keep no telemetry.
    [e.telemetry.ingest.id]: mock(e.telemetry.ingest, ({ body }) => {
      const checked = validate(e.telemetry.ingest, body);
      return checked.ok ? undefined : checked.reply;
    }),
    [e.register.create.id]: mock(e.register.create, ({ body }) => {
      const checked = validate(e.register.create, body);
      if (!checked.ok) return checked.reply;
      const value = checked.value as { email: string; password: string; corporate_division: 'corporate' | 'individual' };
      if (state.accounts.has(value.email.toLowerCase())) {
        return failureReply(e.register.create, 'validation', { email: [ACCOUNT_MESSAGES.emailTaken] });
      }
      state.accounts.set(value.email.toLowerCase(), value.password);
      return accountSummaryFixture({ id: state.accounts.size + 100, email: value.email, corporate_division: value.corporate_division });
    }),
    [e.register.activate.id]: mock(e.register.activate, ({ body }) => {
      const checked = validate(e.register.activate, body);
      return checked.ok ? detailFixture(ACCOUNT_MESSAGES.activated) : checked.reply;
    }),
    [e.auth.login.id]: mock(e.auth.login, ({ body }) => {
      const checked = validate(e.auth.login, body);
      if (!checked.ok) return checked.reply;
      const { email, password } = checked.value as { email: string; password: string };
      if (state.accounts.get(email.toLowerCase()) !== password) {
        return failureReply(e.auth.login, 'operational', { detail: ACCOUNT_MESSAGES.invalidCredentials });
      }
      state.me = meFixture({ email, version: state.profile.version });
      return accountSummaryFixture({ id: state.me.id, email });
    }),
    [e.auth.logout.id]: mock(e.auth.logout, () => {
      state.me = null;
      return undefined;
    }),
    [e.me.get.id]: mock(e.me.get, () => state.me ?? visitorFixture()),
    [e.me.visitedEntryPage.id]: mock(e.me.visitedEntryPage, () => {
      if (state.me === null) return notAuthenticated(e.me.visitedEntryPage);
      state.me = {
        ...state.me,
        visited_at_entry_page_after_mail_verification: state.me.visited_at_entry_page_after_mail_verification ?? new Date().toISOString(),
      };
      return state.me;
    }),
    [e.password.reset.id]: mock(e.password.reset, ({ body }) => {
      const checked = validate(e.password.reset, body);
      return checked.ok ? detailFixture(ACCOUNT_MESSAGES.passwordResetSent) : checked.reply;
    }),
    [e.password.resetConfirm.id]: mock(e.password.resetConfirm, ({ body }) => {
      const checked = validate(e.password.resetConfirm, body);
      return checked.ok ? detailFixture(ACCOUNT_MESSAGES.passwordResetDone) : checked.reply;
    }),
    [e.password.change.id]: mock(e.password.change, ({ body }) => {
      const refused = loggedIn(e.password.change);
      if (refused) return refused;
      const checked = validate(e.password.change, body);
      return checked.ok ? detailFixture(ACCOUNT_MESSAGES.passwordChanged) : checked.reply;
    }),
  };
}
