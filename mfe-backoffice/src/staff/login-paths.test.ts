import { describe, expect, test } from 'vitest';
import { afterLoginPath, staffLoginRedirect } from './login-paths';

describe('where the staff login leads', () => {
  test('back to the back-office page the person came for', () => {
    expect(afterLoginPath('?next=%2Fbackoffice%2Fentries%2F3')).toBe('/backoffice/entries/3');
    expect(afterLoginPath('?next=%2Fbackoffice%3Fstatus%3Dinadequate')).toBe('/backoffice?status=inadequate');
  });

  test.each([
    '',
    '?next=',
    '?next=%2F%2Fevil.example',
    '?next=https%3A%2F%2Fevil.example',
    '?next=%2Fmypage',
    '?next=%2Fbackoffice%2Flogin',
    '?next=%2Fbackoffice%2Fnope',
    '?next=%2F%5Cevil',
  ])('%s → the review queue (never another site, an applicant page or the login again)', (search) => {
    expect(afterLoginPath(search)).toBe('/backoffice');
  });

  test('a page without a staff session keeps its path and query for after the login', () => {
    expect(staffLoginRedirect('/backoffice', '?order=newest')).toBe('/backoffice/login?next=%2Fbackoffice%3Forder%3Dnewest');
  });
});
