import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { REVIEW_STATUS } from '@app/contracts/domain';
import { entryFixture, staffApplicantFixture, staffEntryDetailFixture } from '@app/mocks';
import { installMswServer } from '../../testing/server';
import { mockStaff, renderBackoffice } from '../../testing/render';
import { apiQueryFromFilters, filtersFromSearch, searchFromFilters } from './search';

installMswServer();

describe('the search in the URL', () => {
  test('round trip; unknown values dropped; the API query leaves out what is not set', () => {
    const filters = filtersFromSearch('?q=%EF%BD%BB%EF%BD%B8%EF%BE%97&identity=confirming&open_entry=true&cursor=42&delinquent=no');
    expect(filters).toEqual({ q: 'ｻｸﾗ', identity: 'confirming', openEntry: true, delinquent: false, cursor: '42' });
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
    expect(filtersFromSearch('?identity=approved&cursor=0')).toMatchObject({ identity: '', cursor: '' });
    expect(apiQueryFromFilters(filtersFromSearch(''))).toEqual({ limit: '50' });
  });
});

describe('/backoffice/applicants', () => {
  test('finds the applicant by a half-width kana fragment and opens their page', async () => {
    const user = userEvent.setup();
    const rendered = renderBackoffice('/backoffice/applicants', { staff: mockStaff('reviewer') });
    // The first render of the file loads the page's lazy chunk (transformed on first use): give it time.
    expect(await screen.findByRole('heading', { level: 1, name: '申込者の検索' }, { timeout: 10_000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText('会社名・氏名・メールアドレス・電話番号・申込番号'), 'ﾂﾑｷﾞ');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(rendered.location()).toBe('/backoffice/applicants?q=%EF%BE%82%EF%BE%91%EF%BD%B7%EF%BE%9E'));
    expect(await screen.findByText(/^1人を表示/)).toBeInTheDocument();
    // jsdom applies no media query: the phone's cards are what it shows (the table is for 760 px and wider).
    const cards = screen.getByRole('list', { name: '申込者の一覧' });
    expect(within(cards).getByText('本人確認：確認中')).toBeInTheDocument();
    await user.click(within(cards).getByRole('link', { name: '株式会社ツムギ商事' }));
    expect(await screen.findByRole('heading', { level: 1, name: '株式会社ツムギ商事' })).toBeInTheDocument();
    expect(rendered.location()).toBe('/backoffice/applicants/7');
  });

  test('nothing found says so', async () => {
    renderBackoffice('/backoffice/applicants?q=%E3%81%AA%E3%81%84', { staff: mockStaff('reviewer') });
    expect(await screen.findByText('条件に合う申込者はいません。')).toBeInTheDocument();
  });
});

describe('/backoffice/applicants/:id', () => {
  test('profile and identity review, entries, mails, and a staff note added', async () => {
    const user = userEvent.setup();
    const { backend } = renderBackoffice('/backoffice/applicants/7', { staff: mockStaff('reviewer') });
    expect(await screen.findByRole('heading', { level: 1, name: '株式会社ツムギ商事' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: '本人確認の判定' })).toBeInTheDocument();
    const entries = screen.getByRole('region', { name: /お申し込み（1件）/ });
    expect(within(entries).getByRole('link', { name: /^申込番号 / })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/backoffice\/entries\/\d+$/),
    );
    expect(screen.getByText('送ったメールの記録はありません。')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'メモを追加' }));
    expect(await screen.findByText('メモを入力してください。')).toBeInTheDocument();
    await user.type(screen.getByLabelText('メモ（社内用。申込者には表示されません）'), '午前に電話あり');
    await user.click(screen.getByRole('button', { name: 'メモを追加' }));
    const notes = await screen.findByRole('list', { name: 'メモの一覧' });
    expect(notes).toHaveTextContent('午前に電話あり');
    expect(backend.state.staffNotes?.get(7)?.[0]?.body).toBe('午前に電話あり');
  });

  test('an unknown applicant', async () => {
    renderBackoffice('/backoffice/applicants/999', { staff: mockStaff('reviewer') });
    expect(await screen.findByRole('heading', { level: 1, name: '申込者が見つかりません' })).toBeInTheDocument();
  });
});

describe('/backoffice/identity', () => {
  test('lists the identities 確認中 and reviews one in place', async () => {
    const user = userEvent.setup();
    const { backend } = renderBackoffice('/backoffice/identity', { staff: mockStaff('reviewer') });
    expect(await screen.findByRole('heading', { level: 1, name: '本人確認の待ち行列' })).toBeInTheDocument();
    expect(screen.getByText('提出の古い順に1人が待っています。')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: '株式会社ツムギ商事の本人確認の判定' });
    await user.type(within(form).getByLabelText(/有効期限/), '2031-03-31');
    await user.click(within(form).getByRole('button', { name: '本人確認の判定を保存' }));
    expect(await screen.findByText('判定しました：確認済')).toBeInTheDocument();
    expect(screen.getByText('確認を待っている本人確認書類はありません。')).toBeInTheDocument();
    expect(backend.state.review[0]!.applicant.identity_confirmation).toBe(REVIEW_STATUS.confirmed);
  });
});

describe('the entry view and the identity', () => {
  test('an entry whose applicant’s identity is not 確認済 says so first, with a link to the applicant', async () => {
    renderBackoffice(`/backoffice/entries/${entryFixture().id}`, { staff: mockStaff('reviewer') });
    const notice = await screen.findByRole('note', { name: '本人確認が済んでいません' }, { timeout: 10_000 });
    expect(notice).toHaveTextContent('本人確認が「確認中」です。確認済になるまで、このお申し込みは承認できません。');
    expect(within(notice).getByRole('link', { name: '申込者のページ' })).toHaveAttribute('href', '/backoffice/applicants/7');
  });

  test('no notice once the identity is 確認済', async () => {
    const confirmed = staffEntryDetailFixture({ applicant: staffApplicantFixture({ identity_confirmation: REVIEW_STATUS.confirmed }) });
    renderBackoffice(`/backoffice/entries/${entryFixture().id}`, { staff: mockStaff('reviewer'), review: [confirmed] });
    expect(
      await screen.findByRole('heading', { level: 1, name: `申し込み ${entryFixture().code}` }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: '本人確認が済んでいません' })).not.toBeInTheDocument();
  });
});
