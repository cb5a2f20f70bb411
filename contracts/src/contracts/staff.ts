import * as z from 'zod/mini';
import { ACCOUNT_MESSAGES } from './account-messages';
import { DateTimeSchema, IdSchema } from './common';
import { STAFF_ROLES } from './endpoint';
import { EmailFieldSchema, PasswordFieldSchema, addIssue, body, typeError } from './fields';

/**
 * The back office's people (staff: reviewer, approver, admin), apart from the applicants: their
 * login with a second factor (a TOTP code from an authenticator app), their own session
 * (`staff_sessionid` cookie) and what the staff endpoints answer about them. No secret (password
 * hash, TOTP secret) ever appears in these schemas.
 */

/** Japanese messages of the staff endpoints. */
export const STAFF_MESSAGES = {
  /**
   * `POST /api/staff/auth/` 401: the address, the password or the code is wrong, the code was
   * already used, or the account is disabled — one message for all, so none of them can be probed.
   */
  invalidCredentials: 'メールアドレス、パスワード、または確認コードが正しくありません。',
  /** `POST /api/staff/auth/` 429 (the applicants' wording). */
  loginThrottled: ACCOUNT_MESSAGES.loginThrottled,
  /** 403 of a staff endpoint without a (live) staff session: an applicant's session does not count. */
  notAuthenticated: 'スタッフとしてログインしていません。スタッフ用の画面からログインしてください。',
  /** 403 of a staff endpoint whose roles do not include the staff member's (DRF PermissionDenied). */
  permissionDenied: 'この操作を実行する権限がありません。',
  /** 400 on `otp`: not six digits. */
  otpFormat: '確認コードは6桁の数字で入力してください。',
} as const;

/** The roles' names in Japanese, for pages and messages. */
export const STAFF_ROLE_LABELS = {
  reviewer: '審査担当',
  approver: '承認者',
  admin: '管理者',
} as const satisfies Record<(typeof STAFF_ROLES)[number], string>;

export const StaffRoleSchema = z.enum(STAFF_ROLES);

/** TOTP codes have 6 digits (RFC 6238 as authenticator apps show them). */
export const STAFF_OTP_DIGITS = 6;

/**
 * The code from the authenticator app, as typed: spaces (`123 456`) are removed and full-width
 * digits (`１２３４５６`, a Japanese IME) read as digits; then exactly 6 digits.
 */
export const StaffOtpFieldSchema = z.pipe(
  z.string({ error: typeError(ACCOUNT_MESSAGES.notAString) }),
  z
    .transform((value: string) => value.normalize('NFKC').replace(/\s+/g, ''))
    .check(
      z.superRefine((value, ctx) => {
        if (value === '') addIssue(ctx, ACCOUNT_MESSAGES.blank);
        else if (!new RegExp(`^\\d{${STAFF_OTP_DIGITS}}$`).test(value)) addIssue(ctx, STAFF_MESSAGES.otpFormat);
      }),
    ),
);

/** `POST /api/staff/auth/`: the address, the password and the authenticator app's current code. */
export const StaffLoginRequestSchema = body({
  email: EmailFieldSchema,
  password: PasswordFieldSchema,
  otp: StaffOtpFieldSchema,
});
export type StaffLoginRequest = z.infer<typeof StaffLoginRequestSchema>;

/** The logged-in staff member: `POST /api/staff/auth/` 200, `POST /api/staff/me/`. */
export const StaffSummarySchema = z.object({
  id: IdSchema,
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
});
export type StaffSummary = z.infer<typeof StaffSummarySchema>;

/** `POST /api/staff/me/` without a staff session: `{}` (an applicant's session does not count). */
export const StaffVisitorSchema = z.strictObject({});

/** `POST /api/staff/me/`: the staff member, or `{}`. */
export const StaffMeResponseSchema = z.union([StaffSummarySchema, StaffVisitorSchema]);
export type StaffMeResponse = z.infer<typeof StaffMeResponseSchema>;

/** Whether a `POST /api/staff/me/` answer is a logged-in staff member. */
export const isLoggedInStaff = (me: StaffMeResponse): me is StaffSummary => 'id' in me && 'role' in me;

/** One staff account as an admin sees it (`GET /api/staff/staff-members/`): no password, no TOTP secret. */
export const StaffMemberSchema = z.object({
  id: IdSchema,
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  created_at: DateTimeSchema,
  last_login_at: z.nullable(DateTimeSchema),
  /** Set once an operator disabled the account (it can no longer log in; its sessions ended). */
  disabled_at: z.nullable(DateTimeSchema),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffMemberListSchema = z.array(StaffMemberSchema);
export type StaffMemberList = z.infer<typeof StaffMemberListSchema>;
