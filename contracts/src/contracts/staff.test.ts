import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { ACCOUNT_MESSAGES } from './account-messages';
import { endpoints } from './endpoints';
import { STAFF_MESSAGES, StaffLoginRequestSchema, StaffMeResponseSchema, isLoggedInStaff } from './staff';

const login = (otp: unknown) => safeParse(StaffLoginRequestSchema, { email: 'a@tsumugi.example.jp', password: 'x', otp });

describe('the staff login body', () => {
  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['１２３４５６', '123456'],
    ['123　456', '123456'],
  ])('reads the code %j as %j', (typed, code) => {
    expect(login(typed).data?.otp).toBe(code);
  });

  it.each<[unknown, string]>([
    ['12345', STAFF_MESSAGES.otpFormat],
    ['1234567', STAFF_MESSAGES.otpFormat],
    ['12345a', STAFF_MESSAGES.otpFormat],
    ['', ACCOUNT_MESSAGES.blank],
    [undefined, ACCOUNT_MESSAGES.required],
    [123456, ACCOUNT_MESSAGES.notAString],
  ])('refuses %j: %s', (typed, message) => {
    expect(login(typed).error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['otp', message]]);
  });
});

describe('the staff endpoints in the catalogue', () => {
  it('ids under staff., paths under /api/staff/; the list is for admins only', () => {
    const staff = [endpoints.staff.auth.login, endpoints.staff.auth.logout, endpoints.staff.me.get, endpoints.staff.staffMembers.list];
    expect(staff.map((e) => e.id)).toEqual(['staff.auth.login', 'staff.auth.logout', 'staff.me.get', 'staff.staffMembers.list']);
    expect(staff.every((e) => e.path.startsWith('/api/staff/'))).toBe(true);
    expect(endpoints.staff.staffMembers.list.access).toEqual({ staff: ['admin'] });
    expect(endpoints.staff.staffMembers.list.errors).toContain('forbidden');
    expect(endpoints.staff.me.get.csrf).toBe('bootstrap');
  });

  it('staff me: the staff member, or {} (read as nobody)', () => {
    const member = { id: 1, email: 'a@tsumugi.example.jp', name: '管理', role: 'admin' } as const;
    expect(isLoggedInStaff(safeParse(StaffMeResponseSchema, member).data!)).toBe(true);
    expect(isLoggedInStaff(safeParse(StaffMeResponseSchema, {}).data!)).toBe(false);
    expect(safeParse(StaffMeResponseSchema, { ...member, role: 'owner' }).success).toBe(false);
  });
});
