import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { ENTRY_LIFE_MESSAGES, type EntryReviewRequest } from '@app/contracts';
import { ENTRY_STATUS } from '@app/contracts/domain';
import { installMswServer, server } from '../../testing/server';
import { KEPT_NOTICE, RESUBMITTED_MESSAGE } from './resubmit-page';
import { allEntries, renderAt, startBackend } from './testing';

installMswServer();
afterEach(cleanup);

const pdf = (name: string) => new File(['%PDF-1.4 再提出'], name, { type: 'application/pdf' });

/** The upload fields of the page, by their labels. */
const uploadLabels = () =>
  [...document.querySelectorAll('.upload-field > .field__label')].map((l) => l.textContent?.replace('必須', '') ?? '');

/** Uploads a PDF into the field labelled `label` and waits until it is done. */
async function uploadInto(user: ReturnType<typeof userEvent.setup>, label: string, name: string): Promise<void> {
  const input = await screen.findByLabelText(new RegExp(`^${label}`), { selector: 'input[type="file"]' });
  await user.upload(input, pdf(name));
  expect(await screen.findByText(`${name} のアップロードが完了しました`, {}, { timeout: 3000 })).toBeInTheDocument();
}

/** Records the bodies sent to POST /api/entries/{id}/review/ (the mock still answers). */
function recordReviews(): EntryReviewRequest[] {
  const bodies: EntryReviewRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && /\/api\/entries\/\d+\/review\/$/.test(request.url)) {
      void request
        .clone()
        .json()
        .then((body) => bodies.push(body as EntryReviewRequest));
    }
  });
  return bodies;
}

describe('/entry/resubmit/{entryId}', () => {
  afterEach(() => server.events.removeAllListeners());

  test('asks again only for the inadequate groups, each with the reviewer’s reason; the rest is shown as kept', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/resubmit/22');
    const invoice = await screen.findByRole('region', { name: '請求書（株式会社サンプル商事）' });
    expect(within(invoice).getByText('請求書の金額と支払期日が読み取れません。鮮明な画像をお送りください。')).toBeInTheDocument();
    const withdrawals = screen.getByRole('region', { name: '入出金明細' });
    expect(within(withdrawals).getByText('直近1か月分の入出金明細が不足しています。')).toBeInTheDocument();
    expect(uploadLabels()).toEqual(['請求書（株式会社サンプル商事）の新しいファイル', '入出金明細の新しいファイル']);
    // Nothing for the other claim's invoice or the financial statements: they are kept.
    const kept = screen.getByRole('region', { name: '引き継がれる内容' });
    expect(within(kept).getByText(new RegExp(KEPT_NOTICE))).toBeInTheDocument();
    expect(within(kept).getByText(/決算書・確定申告書など/)).toBeInTheDocument();
    expect(within(kept).getByRole('heading', { name: '有限会社みなと物産' })).toBeInTheDocument();
    expect(within(kept).getAllByText(/請求書/).length).toBeGreaterThan(0);
  });

  test('every inadequate group needs a file: nothing is sent without one', async () => {
    const backend = startBackend({ entries: allEntries() });
    const bodies = recordReviews();
    const user = userEvent.setup();
    renderAt('/entry/resubmit/22');
    await uploadInto(user, '入出金明細の新しいファイル', '明細.pdf');
    await user.click(screen.getByRole('button', { name: '再提出する' }));
    const invoice = screen.getByRole('region', { name: '請求書（株式会社サンプル商事）' });
    expect(
      await within(invoice).findByText(ENTRY_LIFE_MESSAGES.missingGroup('請求書（株式会社サンプル商事）'), { selector: '.field__error' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: '入出金明細' })).queryByText(/ファイルをアップロードしてください/, {
        selector: '.field__error',
      }),
    ).toBeNull();
    expect(bodies).toEqual([]);
    expect(backend.state.entries.find((e) => e.id === 22)?.status).toBe(ENTRY_STATUS.inadequate);
  });

  test('sends exactly the new files with their groups, then the detail page says it was received', async () => {
    const backend = startBackend({ entries: allEntries() });
    const bodies = recordReviews();
    const user = userEvent.setup();
    renderAt('/entry/resubmit/22');
    await uploadInto(user, '請求書（株式会社サンプル商事）の新しいファイル', '請求書_再.pdf');
    await uploadInto(user, '入出金明細の新しいファイル', '明細_再.pdf');
    const [invoiceUpload, withdrawalsUpload] = backend.state.uploads.map((u) => u.upload);
    expect(invoiceUpload?.kind).toBe('invoice');
    expect(withdrawalsUpload?.kind).toBe('withdrawals_detail');

    await user.click(screen.getByRole('button', { name: '再提出する' }));
    expect(await screen.findByText(RESUBMITTED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/entry/detail/22'));
    expect(bodies).toEqual([
      {
        files: [
          { id: invoiceUpload?.id, group: 'invoice', claim_id: 31 },
          { id: withdrawalsUpload?.id, group: 'withdrawals_detail', claim_id: null },
        ],
      },
    ]);
    expect(backend.state.entries.find((e) => e.id === 22)?.status).toBe(ENTRY_STATUS.under_review);
    // The detail now shows the entry back under review.
    const list = await screen.findByRole('list', { name: '審査の状況' });
    expect(list.querySelector('[aria-current="step"]')).toHaveTextContent('審査中');
  });

  test('a 400 from the API is shown in Japanese beside the group of the refused file', async () => {
    startBackend({ entries: allEntries() });
    server.use(
      http.post('/api/entries/:id/review/', () =>
        HttpResponse.json({ files: [{ id: [ENTRY_LIFE_MESSAGES.fileNotAccepted] }, {}] }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderAt('/entry/resubmit/22');
    await uploadInto(user, '請求書（株式会社サンプル商事）の新しいファイル', 'a.pdf');
    await uploadInto(user, '入出金明細の新しいファイル', 'b.pdf');
    await user.click(screen.getByRole('button', { name: '再提出する' }));
    const invoice = screen.getByRole('region', { name: '請求書（株式会社サンプル商事）' });
    expect(await within(invoice).findByText(ENTRY_LIFE_MESSAGES.fileNotAccepted, { selector: '.field__error' })).toBeInTheDocument();
    expect(screen.getByText('エラーのある項目をご確認ください')).toBeInTheDocument();
    // What was uploaded stays.
    const kept = within(screen.getByRole('region', { name: '入出金明細' })).getByRole('list', {
      name: '入出金明細の新しいファイルのファイル',
    });
    expect(within(kept).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/entry/resubmit/22'));
  });

  test('an entry that is not inadequate asks for nothing and links to its detail', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/resubmit/23');
    expect(
      await screen.findByText('このお申し込みは現在「審査完了・ご契約手続き待ち」のため、書類を再提出する必要はありません。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '再提出する' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'お申し込み内容を見る' })).toHaveAttribute('href', '/entry/detail/23');
  });

  test('an unknown entry shows the 404 page', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/resubmit/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'お探しのページが見つかりません' })).toBeInTheDocument();
  });
});
