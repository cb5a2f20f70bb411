import { describe, expect, test } from 'vitest';
import { activeWhen, href, matchRoute, normalizePathname, remoteForPath } from './match';
import { LAYOUTS, REMOTES, ROUTES } from './table';

describe('route table', () => {
  test('has every route of spec §2', () => {
    const paths = ROUTES.map((r) => r.path).sort();
    expect(paths).toEqual(
      [
        '/',
        '/statement',
        '/404',
        '/backoffice',
        '/backoffice/login',
        '/backoffice/entries/:entryId',
        '/backoffice/releases',
        '/backoffice/applicants',
        '/backoffice/applicants/:applicantId',
        '/backoffice/identity',
        '/backoffice/exports',
        '/backoffice/*',
        '/callback',
        '/company/mail/complete',
        '/entry',
        '/entry/entry_invoice',
        '/entry/withdrawal_details',
        '/entry/complete',
        '/entry/cancel/complete',
        '/entry/contract/:entryId',
        '/entry/contract/complete',
        '/entry/detail/:entryId',
        '/entry/resubmit/:entryId',
        '/entry/:entryId/factoring_service_agreement',
        '/ext/authentication_error',
        '/ext/signup',
        '/legal/sct',
        '/terms',
        '/policy/privacy',
        '/policy/security',
        '/login',
        '/maintenance',
        '/mypage',
        '/pre_entry/result',
        '/profile',
        '/profile/before_entry',
        '/profile/mail/change/done',
        '/profile/password/reset/done',
        '/profile/password/reset/recover',
        '/profile/password/reset/recover/*',
        '/profile/password/reset/reset/done',
        '/profile/password/reset/reset/*',
        '/register',
        '/register/activation',
        '/register/complete',
        '/register/pre_entry',
        '/register/profile',
        '/unsupported',
      ].sort(),
    );
  });

  test('ids and paths are unique; every layout of spec §2 is used; titles are Japanese', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.layout))).toEqual(new Set(LAYOUTS));
    for (const r of ROUTES) expect(r.title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  test('every remote owns at least one route', () => {
    for (const remote of REMOTES) expect(ROUTES.some((r) => r.remote === remote)).toBe(true);
  });
});

describe('matchRoute', () => {
  test.each([
    ['/', 'home'],
    ['/statement/', 'statement'],
    ['/login', 'login'],
    ['/login/', 'login'],
    ['/entry', 'entryFinancial'],
    ['/entry/', 'entryFinancial'],
    ['/entry/entry_invoice', 'entryInvoice'],
    ['/entry/withdrawal_details/', 'entryWithdrawal'],
    ['/entry/contract/complete', 'entryContractComplete'],
    ['/entry/contract/12', 'entryContract'],
    ['/entry/detail/0012', 'entryDetail'],
    ['/entry/resubmit/9', 'entryResubmit'],
    ['/entry/42/factoring_service_agreement', 'entryAgreement'],
    ['/profile/password/reset/recover', 'passwordRecover'],
    ['/profile/password/reset/recover/someone%40example.jp', 'passwordRecoverWith'],
    ['/profile/password/reset/reset/done', 'passwordResetDone'],
    ['/profile/password/reset/done', 'passwordResetSent'],
    ['/unsupported/', 'unsupported'],
    ['/404', 'notFound'],
    ['/backoffice', 'backofficeQueue'],
    ['/backoffice/', 'backofficeQueue'],
    ['/backoffice/login', 'backofficeLogin'],
    ['/backoffice/entries/12', 'backofficeEntry'],
    ['/backoffice/applicants', 'backofficeApplicants'],
    ['/backoffice/applicants/7', 'backofficeApplicant'],
    ['/backoffice/identity', 'backofficeIdentityQueue'],
    ['/backoffice/exports', 'backofficeExports'],
    ['/backoffice/entries/abc', 'backofficeNotFound'],
    ['/backoffice/entries/12/extra', 'backofficeNotFound'],
    ['/backoffice/nope', 'backofficeNotFound'],
  ])('%s → %s', (path, id) => {
    const m = matchRoute(path);
    expect(m.route.id).toBe(id);
    expect(m.notFound).toBe(id === 'notFound');
  });

  test.each([
    '/nope',
    '/entry/detail/abc',
    '/entry/detail/12a',
    '/entry/detail/',
    '/entry/detail/1/2',
    '/entry/abc/factoring_service_agreement',
    '/entry/-1/factoring_service_agreement',
    '/entry/1.5/factoring_service_agreement',
    '/entry/contract/',
    '/mypage/extra',
    '/LOGIN',
  ])('%s is not found (404)', (path) => {
    const m = matchRoute(path);
    expect(m.notFound).toBe(true);
    expect(m.route.id).toBe('notFound');
    expect(m.route.remote).toBe('marketing');
  });

  test('params are captured: entryId digits, splat decoded', () => {
    expect(matchRoute('/entry/detail/123').params).toEqual({ entryId: '123' });
    expect(matchRoute('/profile/password/reset/recover/a%40b.jp').params).toEqual({ '*': 'a@b.jp' });
  });

  test.each([
    ['', true],
    ['?uid=MQ', true],
    ['?token=abc', true],
    ['?uid=&token=abc', true],
    ['?uid=MQ&token=abc', false],
  ])('password reset confirm with query "%s" → notFound %s', (search, notFound) => {
    const m = matchRoute('/profile/password/reset/reset/x', search);
    expect(m.notFound).toBe(notFound);
    if (!notFound) expect(m.route.id).toBe('passwordResetConfirm');
  });
});

describe('remotes and activity functions', () => {
  test.each([
    ['/', 'marketing'],
    ['/legal/sct', 'marketing'],
    ['/unknown/page', 'marketing'],
    ['/login', 'auth'],
    ['/profile/password/reset/recover', 'auth'],
    ['/mypage', 'mypage'],
    ['/profile', 'mypage'],
    ['/entry/detail/3', 'entry'],
    ['/entry/detail/x', 'marketing'],
    ['/backoffice', 'backoffice'],
    ['/backoffice/entries/3', 'backoffice'],
    ['/backoffice/anything/else', 'backoffice'],
    ['/backofficex', 'marketing'],
  ] as const)('%s is owned by %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  test('exactly one remote is active for any path', () => {
    for (const path of [
      '/',
      '/login',
      '/mypage',
      '/entry',
      '/nope',
      '/entry/1/factoring_service_agreement',
      '/backoffice',
      '/backoffice/x',
    ]) {
      const active = REMOTES.filter((r) => activeWhen(r)(new URL(`https://example.jp${path}`)));
      expect(active).toHaveLength(1);
    }
  });
});

describe('href', () => {
  test('builds paths from ids', () => {
    expect(href('home')).toBe('/');
    expect(href('entryDetail', { entryId: 12 })).toBe('/entry/detail/12');
    expect(href('entryAgreement', { entryId: '7' })).toBe('/entry/7/factoring_service_agreement');
    expect(href('backofficeEntry', { entryId: 5 })).toBe('/backoffice/entries/5');
    expect(href('passwordResetConfirm', { '*': 'x' }, { uid: 'MQ', token: 't' })).toBe('/profile/password/reset/reset/x?uid=MQ&token=t');
  });
  test('rejects bad params', () => {
    expect(() => href('entryDetail')).toThrow(/missing entryId/);
    expect(() => href('entryDetail', { entryId: 'abc' })).toThrow(/digits/);
  });
  test('normalizePathname', () => {
    expect(normalizePathname('/')).toBe('/');
    expect(normalizePathname('//')).toBe('/');
    expect(normalizePathname('/a/b//')).toBe('/a/b');
  });
});
