import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { ENTRY_STATUS } from '@app/contracts/domain';
import { entryFixture, staffEntryDetailFixture } from '@app/mocks';
import { resetOpenCounts } from '../staff/open-counts';
import { installMswServer, server } from '../testing/server';
import { mockStaff, renderBackoffice } from '../testing/render';

installMswServer();
afterEach(() => resetOpenCounts());

/** Three entries 審査中 and one 書類の不備あり. */
const review = [1, 2, 3].map((id) => staffEntryDetailFixture({ entry: entryFixture({ id, code: `E-${id}` }) }));
review.push(staffEntryDetailFixture({ entry: entryFixture({ id: 4, code: 'E-4', status: ENTRY_STATUS.inadequate }) }));

const nav = () => screen.getByRole('navigation', { name: '管理画面' });

describe('the back office navigation: work waiting, on every page', () => {
  test('the queue and the identity queue say how many wait, in words for a screen reader; the tab title leads with it', async () => {
    renderBackoffice('/backoffice/applicants', { staff: mockStaff('reviewer'), review });
    const queue = await within(await screen.findByRole('navigation', { name: '管理画面' })).findByRole('link', {
      name: /^審査キュー\s*（審査中 3件）$/,
    });
    expect(queue).toHaveAttribute('href', '/backoffice');
    const identity = within(nav()).getByRole('link', { name: /^本人確認/ });
    const waiting = identity.querySelector('[data-open-count]');
    // The mock's identity queue: its applicant whose identity is 確認中.
    expect(waiting).not.toBeNull();
    expect(identity.textContent?.replace(/\s/g, '')).toContain(`（確認待ち${waiting?.getAttribute('data-open-count')}件）`);
    await waitFor(() => expect(document.title).toMatch(/^\(3\) /));
    expect(document.title).toContain('申込者');
  });

  test('nothing waiting: no number, the plain title', async () => {
    renderBackoffice('/backoffice/applicants', { staff: mockStaff('approver'), review: review.slice(3) });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(within(nav()).getByRole('link', { name: '審査キュー' })).toBeInTheDocument());
    expect(nav().querySelector('a[href="/backoffice"] [data-open-count]')).toBeNull();
    expect(document.title).not.toMatch(/^\(/);
  });

  test('a count that cannot be read leaves the navigation as it is (the page works)', async () => {
    renderBackoffice('/backoffice/applicants', { staff: mockStaff('reviewer'), review });
    server.use(http.get('*/api/staff/entries/', () => HttpResponse.json({ detail: '障害' }, { status: 503 })));
    await screen.findByRole('heading', { level: 1, name: /申込者/ });
    await waitFor(() => expect(within(nav()).getByRole('link', { name: /^本人確認\s*（確認待ち/ })).toBeInTheDocument());
    expect(within(nav()).getByRole('link', { name: '審査キュー' })).toBeInTheDocument();
    expect(document.title).not.toMatch(/^\(/);
  });
});
