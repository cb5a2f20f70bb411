import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { DEFAULT_RUNTIME_CONFIG, LOGGED_OUT, authStore, setRuntimeConfig, todayInJapan } from '@app/shared';
import { CLAIM_STATUS, ENTRY_STATUS, NEW_ENTRY_BLOCK_MESSAGES, REVIEW_STATUS, identityStateOf, userStatusOf } from '@app/contracts/domain';
import { endpoints, type Entry, type Me, type PreEntryResult, type SuppressEntries, type Upload } from '@app/contracts';
import { answer, claimFixture, meFixture, mock, newsFixture, offline, profileFixture, suppressEntriesFixture } from '@app/mocks';
import { installMswServer, server } from '../../testing/server';
import MypagePage from './mypage-page';

installMswServer();
afterEach(() => {
  authStore.setState(LOGGED_OUT, true);
  setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
});

const TIME = '2026-11-01T09:00:00.000000+09:00';
const UNANSWERED: PreEntryResult = { outcome: 'unanswered', reasons: [], answered_at: null };
const ACCEPTED: PreEntryResult = { outcome: 'accepted', reasons: [], answered_at: TIME };
const NEW_USER: Partial<Me> = { has_satisfied_profile: false, office_zipcode: '', owner_zipcode: '' };

function entry(overrides: Partial<Entry> = {}): Entry {
  return {
    id: 12,
    code: 'E-2026-0012',
    status: ENTRY_STATUS.under_review,
    account_activity_statement_confirmation_status: REVIEW_STATUS.confirming,
    financial_statement_confirmation_status: REVIEW_STATUS.confirming,
    inadequate_documents: [],
    has_contract_document: false,
    payout_hold_at: null,
    payout_hold_previous_bank_account: null,
    channel_type: null,
    purchase_amount_desired: '1200000',
    purpose: '仕入れ資金',
    description_of_inadequate_document: null,
    contracted_at: null,
    transferred_at: null,
    cancelled_at: null,
    reviewed_at: null,
    rejected_at: null,
    transaction_completed_at: null,
    created_at: '2026-11-10T10:00:00.000000+09:00',
    updated_at: '2026-11-10T10:00:00.000000+09:00',
    user: 7,
    claims: [],
    addfiles: [],
    metadata: null,
    draft_entry_id: null,
    auto_rejection_started_at: null,
    contract_period: null,
    bank_account: null,
    contract_party: null,
    ...overrides,
  };
}

function upload(overrides: Partial<Upload> = {}): Upload {
  return {
    id: 300,
    kind: 'delinquency',
    side: null,
    name: '分納承認通知書.pdf',
    content_type: 'application/pdf',
    size: 120_000,
    active: false,
    created_at: TIME,
    ...overrides,
  };
}

/** The auth store as refreshAuth leaves it for this user. */
function loginAs(overrides: Partial<Me> = {}, suppressEntries: SuppressEntries = suppressEntriesFixture()) {
  const me = meFixture(overrides);
  authStore.setState(
    {
      status: userStatusOf(me),
      userId: me.id,
      isIndividual: false,
      hasSatisfiedProfile: me.has_satisfied_profile,
      allowRedirectToProfile: me.allow_redirect_to_profile,
      me,
      identity: identityStateOf(me, todayInJapan()),
      suppressEntries,
      loaded: true,
    },
    true,
  );
}

interface Api {
  preEntry?: PreEntryResult;
  entries?: Entry[];
  news?: ReturnType<typeof newsFixture>;
  uploads?: Upload[];
}

function serve({ preEntry = ACCEPTED, entries = [], news = newsFixture(), uploads = [] }: Api = {}) {
  server.use(
    answer(endpoints.preEntry.get, preEntry),
    answer(endpoints.entries.list, entries),
    answer(endpoints.news.list, news),
    answer(endpoints.uploads.list, uploads),
  );
}

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/mypage']}>
      <MypagePage />
    </MemoryRouter>,
  );

const steps = async () => within(await screen.findByRole('list', { name: 'お申し込みまでの流れ' }));
const step = async (title: string) => (await steps()).getByRole('listitem', { name: new RegExp(title) });
const nextStep = async () => (await steps()).getByRole('listitem', { current: 'step' });

describe('MypagePage', () => {
  test('greets the applicant by name and company; keeps the logout', async () => {
    loginAs();
    serve();
    let loggedOut = false;
    server.use(mock(endpoints.auth.logout, () => ((loggedOut = true), undefined)));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'マイページ' })).toBeInTheDocument();
    expect(screen.getByTestId('mypage-name')).toHaveTextContent('山田 太郎');
    expect(screen.getByText('株式会社ツムギ商事')).toBeInTheDocument();
    await steps();
    await userEvent.click(screen.getByRole('button', { name: 'ログアウト' }));
    await waitFor(() => expect(authStore.getState().status).toBe('logout'));
    expect(loggedOut).toBe(true);
  });

  test('while loading: the same sections, as placeholders, each saying what is loading', () => {
    loginAs();
    serve();
    renderPage();
    for (const name of ['お申し込みまでの流れ', 'お申し込み一覧', 'お知らせ']) {
      expect(screen.getByRole('region', { name })).toHaveAttribute('aria-busy', 'true');
    }
    // Only for an applicant it concerns, known once the entries and uploads are in.
    expect(screen.queryByRole('region', { name: '滞納に関する書類' })).toBeNull();
    expect(screen.getByText('お申し込みまでの流れを読み込んでいます…')).toBeInTheDocument();
  });

  test('a new user: the pre-entry is the next step; the rest says what is still to do', async () => {
    loginAs(NEW_USER);
    serve({ preEntry: UNANSWERED });
    renderPage();
    const next = await nextStep();
    expect(next).toHaveAccessibleName('ステップ1：事前確認');
    expect(next).toHaveTextContent('未回答');
    expect(next).toHaveTextContent('次のステップ');
    expect(within(next).getByRole('link', { name: '事前確認に回答する' })).toHaveAttribute('href', '/register/pre_entry');
    expect(await step('基本情報の登録')).toHaveTextContent('未登録');
    expect(within(await step('基本情報の登録')).getByRole('link', { name: '基本情報を登録する' })).toHaveAttribute(
      'href',
      '/register/profile',
    );
    expect(await step('本人確認')).toHaveTextContent('未提出');
    const entry = await step('新規申し込み');
    expect(entry).toHaveTextContent(NEW_ENTRY_BLOCK_MESSAGES.identityImperfect);
    expect(within(entry).queryByRole('link')).toBeNull();
    // Exactly one step is the next one.
    expect((await steps()).getAllByRole('listitem').filter((li) => li.getAttribute('aria-current') === 'step')).toHaveLength(1);
  });

  test('profile done: identity is next, on the identity section of /profile', async () => {
    loginAs();
    serve();
    renderPage();
    const next = await nextStep();
    expect(next).toHaveAccessibleName('ステップ3：本人確認');
    expect(next).toHaveTextContent('未提出');
    expect(within(next).getByRole('link', { name: '本人確認書類を提出する' })).toHaveAttribute('href', '/profile#identity');
    expect(await step('事前確認')).toHaveTextContent('回答済み');
    expect(await step('基本情報の登録')).toHaveTextContent('登録済み');
    expect(within(await step('基本情報の登録')).getByRole('link', { name: '登録情報を確認・変更する' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  test('identity 確認中: new entries are open and are the next step', async () => {
    loginAs({ identity_confirmation: REVIEW_STATUS.confirming });
    serve();
    renderPage();
    expect(await step('本人確認')).toHaveTextContent('確認中');
    const next = await nextStep();
    expect(next).toHaveAccessibleName('ステップ4：新規申し込み');
    expect(within(next).getByRole('link', { name: '新規申し込みをはじめる' })).toHaveAttribute('href', '/entry');
  });

  test('identity 不備: resubmitting is the next step', async () => {
    loginAs({ identity_confirmation: REVIEW_STATUS.inadequate });
    serve();
    renderPage();
    const next = await nextStep();
    expect(next).toHaveAccessibleName('ステップ3：本人確認');
    expect(next).toHaveTextContent('不備');
    expect(next).toHaveTextContent('もう一度提出してください');
    expect(within(next).getByRole('link', { name: '本人確認書類を再提出する' })).toHaveAttribute('href', '/profile#identity');
    expect(await step('新規申し込み')).toHaveTextContent(NEW_ENTRY_BLOCK_MESSAGES.identityImperfect);
  });

  test("new entries stopped: the operator's message is the reason, and there is no button", async () => {
    loginAs(
      { identity_confirmation: REVIEW_STATUS.confirmed },
      suppressEntriesFixture({
        method: 'stop_new_entry',
        message: '年末年始（12月28日〜1月4日）は新しいお申し込みの受付を停止しています。',
      }),
    );
    serve();
    renderPage();
    const entry = await step('新規申し込み');
    expect(entry).toHaveTextContent('受付停止中');
    expect(entry).toHaveTextContent('年末年始（12月28日〜1月4日）は新しいお申し込みの受付を停止しています。');
    expect(screen.queryByRole('link', { name: '新規申し込みをはじめる' })).toBeNull();
  });

  test('no entries yet: a friendly empty state', async () => {
    loginAs();
    serve({ entries: [] });
    renderPage();
    const region = screen.getByRole('region', { name: 'お申し込み一覧' });
    expect(await within(region).findByText('まだお申し込みはありません。')).toBeInTheDocument();
  });

  test('entries: code, status in Japanese, date and the way to the detail; one in review blocks a new one', async () => {
    loginAs({ identity_confirmation: REVIEW_STATUS.confirmed });
    serve({ entries: [entry(), entry({ id: 3, code: 'E-2026-0003', status: ENTRY_STATUS.transferred, created_at: TIME })] });
    renderPage();
    const region = screen.getByRole('region', { name: 'お申し込み一覧' });
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('申込番号 E-2026-0012');
    expect(items[0]).toHaveTextContent('審査中');
    expect(items[0]).toHaveTextContent('お申し込み日 2026年11月10日');
    expect(items[0]).toHaveTextContent('ご希望額 1,200,000円');
    expect(within(items[0]!).getByRole('link', { name: '詳細を見る（申込番号 E-2026-0012）' })).toHaveAttribute('href', '/entry/detail/12');
    expect(items[1]).toHaveTextContent('お振込み済み');
    expect(await step('新規申し込み')).toHaveTextContent(NEW_ENTRY_BLOCK_MESSAGES.entryInProgress);
  });

  test.each([
    [false, NEW_ENTRY_BLOCK_MESSAGES.delayedClaim],
    [true, null],
  ])(
    'a delayed claim: the profile (loaded with its own code, only now) says whether a new entry is allowed (permission %s)',
    async (permitted, blocked) => {
      loginAs({ identity_confirmation: REVIEW_STATUS.confirmed });
      let profileAsked = 0;
      serve({ entries: [entry({ status: ENTRY_STATUS.transferred, claims: [claimFixture({ status: CLAIM_STATUS.delay })] })] });
      server.use(
        mock(endpoints.profile.get, () => {
          profileAsked += 1;
          return profileFixture({ has_entry_permission_when_delayed: permitted });
        }),
      );
      renderPage();
      const newEntry = await step('新規申し込み');
      await waitFor(() => expect(profileAsked).toBe(1));
      if (blocked === null) {
        await waitFor(() => expect(newEntry).not.toHaveTextContent(NEW_ENTRY_BLOCK_MESSAGES.delayedClaim));
        expect(await screen.findByRole('link', { name: '新規申し込みをはじめる' })).toBeInTheDocument();
      } else {
        await waitFor(() => expect(newEntry).toHaveTextContent(blocked));
        expect(screen.queryByRole('link', { name: '新規申し込みをはじめる' })).toBeNull();
      }
    },
  );

  test('entries: the next action of an inadequate or reviewed entry, with the deadline to sign', async () => {
    loginAs({ identity_confirmation: REVIEW_STATUS.confirmed });
    serve({
      entries: [
        entry({ id: 5, code: 'E-2026-0005', status: ENTRY_STATUS.inadequate }),
        entry({ id: 6, code: 'E-2026-0006', status: ENTRY_STATUS.reviewed, contract_period: '2026-11-30' }),
        entry({ id: 7, code: 'E-2026-0007', status: ENTRY_STATUS.contracted }),
      ],
    });
    renderPage();
    const region = screen.getByRole('region', { name: 'お申し込み一覧' });
    const [inadequate, reviewed, contracted] = await within(region).findAllByRole('listitem');
    expect(within(inadequate!).getByRole('link', { name: '書類を再提出する（申込番号 E-2026-0005）' })).toHaveAttribute(
      'href',
      '/entry/resubmit/5',
    );
    expect(within(reviewed!).getByRole('link', { name: '買取条件を確認して契約する（申込番号 E-2026-0006）' })).toHaveAttribute(
      'href',
      '/entry/contract/6',
    );
    expect(reviewed).toHaveTextContent('ご契約の期限 2026年11月30日');
    expect(
      within(contracted!)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/entry/detail/7']);
  });

  test('news: date and title, opening in a new tab', async () => {
    loginAs();
    serve();
    renderPage();
    const region = screen.getByRole('region', { name: 'お知らせ' });
    const link = await within(region).findByRole('link', { name: /年末年始の営業日のお知らせ/ });
    expect(link).toHaveAttribute('href', 'https://example.jp/news/2');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(link).toHaveAccessibleName('年末年始の営業日のお知らせ（新しいタブで開きます）');
    expect(within(region).getByText('2026年11月20日')).toBeInTheDocument();
  });

  test('no news: a quiet line', async () => {
    loginAs();
    serve({ news: [] });
    renderPage();
    expect(await screen.findByText('現在、お知らせはありません。')).toBeInTheDocument();
  });

  test('one failing call leaves the other sections working, with a quiet line and a retry', async () => {
    loginAs();
    serve();
    server.use(offline(endpoints.news.list), offline(endpoints.entries.list));
    renderPage();
    const news = screen.getByRole('region', { name: 'お知らせ' });
    expect(await within(news).findByText(/お知らせを読み込めませんでした。/)).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'お申し込み一覧' })).findByText(/お申し込み一覧を読み込めませんでした。/),
    ).toBeInTheDocument();
    // The checklist still shows what it knows; the new-entry step says it could not be checked.
    expect(await step('本人確認')).toHaveTextContent('未提出');
    expect(await step('新規申し込み')).toHaveTextContent('読み込めません');

    server.use(answer(endpoints.news.list, newsFixture()));
    await userEvent.click(within(news).getByRole('button', { name: 'もう一度読み込む' }));
    expect(await within(news).findByRole('link', { name: /年末年始の営業日のお知らせ/ })).toBeInTheDocument();
  });

  test('delinquency documents: submitted ones are listed; uploaded ones are submitted (activated) together', async () => {
    loginAs();
    let body: unknown;
    const submitted = upload({ id: 301, name: '納付計画書.pdf', active: true });
    const waiting = upload({ id: 302, name: '分納承認通知書.pdf' });
    serve({
      uploads: [upload({ id: 200, kind: 'identity', side: 'front', name: 'license.jpg', content_type: 'image/jpeg' }), submitted, waiting],
    });
    server.use(
      mock(endpoints.uploads.activeDelinquency, (call) => {
        body = call.body;
        return [submitted, { ...waiting, active: true }];
      }),
    );
    renderPage();
    const region = await screen.findByRole('region', { name: '滞納に関する書類' });
    const done = await within(region).findByRole('list', { name: '提出済みの書類' });
    expect(within(done).getAllByRole('listitem')).toHaveLength(1);
    expect(done).toHaveTextContent('納付計画書.pdf');
    expect(region).not.toHaveTextContent('license.jpg');
    expect(within(region).getByText('分納承認通知書.pdf')).toBeInTheDocument();
    expect(within(region).getByText('アップロードした書類は、まだ提出されていません。')).toBeInTheDocument();

    await userEvent.click(within(region).getByRole('button', { name: '1件の書類を提出する' }));
    await waitFor(() => expect(within(done).getAllByRole('listitem')).toHaveLength(2));
    expect(body).toEqual({ ids: [302] });
    expect(within(region).getByText('1件の書類を提出しました。')).toBeInTheDocument();
    expect(within(region).queryByText('アップロードした書類は、まだ提出されていません。')).toBeNull();
    expect(within(region).queryByRole('button', { name: /件の書類を提出する/ })).toBeNull();
  });

  test('delinquency documents are not asked of an applicant without a delayed claim or such documents', async () => {
    loginAs();
    serve({ entries: [entry({ status: ENTRY_STATUS.transferred, claims: [claimFixture({ status: CLAIM_STATUS.transferred })] })] });
    renderPage();
    await steps();
    await screen.findByRole('link', { name: /E-2026-0012/ });
    expect(screen.queryByRole('region', { name: '滞納に関する書類' })).toBeNull();
    expect(screen.queryByText(/分納・猶予/)).toBeNull();
  });

  test('an applicant with a delayed claim is asked for the delinquency documents', async () => {
    loginAs();
    serve({ entries: [entry({ status: ENTRY_STATUS.transferred, claims: [claimFixture({ status: CLAIM_STATUS.delay })] })] });
    server.use(answer(endpoints.profile.get, profileFixture({ has_entry_permission_when_delayed: true })));
    renderPage();
    const region = await screen.findByRole('region', { name: '滞納に関する書類' });
    expect(await within(region).findByText('提出する書類')).toBeInTheDocument();
  });

  test('help links and the card-payment banner come from the runtime config', async () => {
    setRuntimeConfig({
      ...DEFAULT_RUNTIME_CONFIG,
      helpLinks: [
        { label: 'ご利用の流れ', url: '/#flow' },
        { label: '必要書類について', url: 'https://help.example.jp/documents' },
      ],
      cardPaymentBanner: { text: 'カード払いの請求書も買取の対象です。', url: 'https://example.jp/card' },
    });
    loginAs();
    serve();
    renderPage();
    const help = screen.getByRole('region', { name: 'ヘルプ・お問い合わせ' });
    expect(within(help).getByRole('link', { name: 'ご利用の流れ' })).toHaveAttribute('href', '/#flow');
    expect(within(help).getByRole('link', { name: /必要書類について/ })).toHaveAttribute('target', '_blank');
    // No supportUrl and no operator address: said plainly, no link to a page that is not a contact.
    expect(within(help).queryByRole('link', { name: /サポート窓口/ })).toBeNull();
    expect(help).toHaveTextContent('サポート窓口の連絡先は、サービスの公開前にこちらに掲載します。');
    const banner = screen.getByRole('complementary', { name: 'ご案内' });
    expect(banner).toHaveTextContent('カード払いの請求書も買取の対象です。');
    expect(within(banner).getByRole('link', { name: /詳しく見る/ })).toHaveAttribute('href', 'https://example.jp/card');
    await steps();
  });

  test('no banner and only the support link when the config has none', async () => {
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, supportUrl: 'https://support.example.jp/contact' });
    loginAs();
    serve();
    renderPage();
    expect(screen.queryByRole('complementary', { name: 'ご案内' })).toBeNull();
    const links = within(screen.getByRole('region', { name: 'ヘルプ・お問い合わせ' })).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName(/サポート窓口へのお問い合わせ/);
    expect(links[0]).toHaveAttribute('href', 'https://support.example.jp/contact');
    await steps();
  });

  test('without a supportUrl, the support link mails the operator', async () => {
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, operator: { name: '株式会社ツムギ', email: 'support@tsumugi.example.jp' } });
    loginAs();
    serve();
    renderPage();
    const link = within(screen.getByRole('region', { name: 'ヘルプ・お問い合わせ' })).getByRole('link', { name: /サポート窓口/ });
    expect(link).toHaveAttribute('href', 'mailto:support@tsumugi.example.jp');
    expect(link).toHaveTextContent('サポート窓口へのお問い合わせ（メール：support@tsumugi.example.jp）');
    expect(link).not.toHaveAttribute('target');
    await steps();
  });
});
