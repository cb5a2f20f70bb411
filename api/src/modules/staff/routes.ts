import { endpoints } from '@app/contracts';
import { clearPreviews } from '../release/preview';
import type { AppContext } from '../../context';
import { env } from '../../env';
import { rotateCsrfToken, issueCsrfToken } from '../../http/csrf';
import { implement, type Implementation } from '../../http/endpoints';
import { authenticateStaff, clearStaffSessionCookie, endStaffSession, setStaffSessionCookie } from '../../http/staff-session';
import { listStaffMembers, recordStaffLogout, staffLogin, toStaffMember, toStaffSummary } from './service';
import { totpKeyFor } from './totp-secret';

let totpKey: Buffer | undefined;
/** The key the TOTP secrets are stored under (STAFF_TOTP_KEY), derived once. */
const staffTotpKey = (): Buffer => (totpKey ??= totpKeyFor(env));

/**
 * The back office's own login (password and TOTP code), logout and "who am I", and the admins'
 * list of staff accounts: the staff endpoints of the catalogue (`endpoints.staff`).
 */
export const staffRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.staff.auth.login, async ({ request, reply, body }) => {
    const current = await authenticateStaff(ctx, request);
    const { staff, created } = await staffLogin(
      ctx,
      body,
      { ip: request.ip, userAgent: request.headers['user-agent'], currentSessionId: current?.session.id },
      staffTotpKey(),
    );
    setStaffSessionCookie(ctx, request, reply, created);
    rotateCsrfToken(request, reply, ctx.now());
    return staff;
  }),

  // Without a staff session too (204 either way); the applicant's session, if any, is left alone.
  implement(endpoints.staff.auth.logout, async ({ request, reply }) => {
    const ended = await endStaffSession(ctx, request);
    if (ended !== null) await recordStaffLogout(ctx, ended.member.id, request.ip);
    clearStaffSessionCookie(ctx, request, reply);
    // A preview pin ends with the session (it is bound to it anyway: release/preview.ts).
    clearPreviews(ctx, request, reply);
    return undefined;
  }),

  // Hands out the csrftoken cookie as POST /api/me/ does (the back office may start here).
  implement(endpoints.staff.me.get, async ({ request, reply }) => {
    issueCsrfToken(request, reply, ctx.now());
    const found = await authenticateStaff(ctx, request);
    return found === null ? {} : toStaffSummary(found.member);
  }),

  implement(endpoints.staff.staffMembers.list, async () => (await listStaffMembers(ctx.db)).map(toStaffMember)),
];
