import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { preloadUploads } from '@app/shared';
import { endpoints } from '@app/contracts/api/endpoints';
import { NOT_FOUND_DETAIL } from '@app/contracts/api/errors';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MESSAGES, type Upload } from '@app/contracts/api/upload';
import { MESSAGES } from '@app/contracts/domain/messages';
import { failure, mock } from '@app/mocks';
import { FakeXhr } from '../../api-client/fake-xhr';
import { isUploadInFlight } from './in-flight';
import { UploadField, type UploadFieldProps } from './upload-field';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const createObjectURL = vi.fn((_file: Blob) => 'blob:preview');
const revokeObjectURL = vi.fn((_url: string) => undefined);
// The upload path is loaded on first use; loaded here, a call sends its request before it returns.
beforeAll(() => preloadUploads());
beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllGlobals();
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

const uploaded = (overrides: Partial<Upload> = {}): Upload => ({
  id: 7,
  kind: 'invoice',
  side: null,
  name: '請求書.pdf',
  content_type: 'application/pdf',
  size: 1258291,
  active: false,
  created_at: '2025-04-01T09:00:00+09:00',
  ...overrides,
});
const pdf = (name = 'scan.pdf') => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
const png = (name = 'front.png') => new File(['\x89PNG'], name, { type: 'image/png' });

/** A parent that owns the files, as a page does; `changes` records every onFilesChange. */
function Parent({ initial = [], changes, ...props }: Partial<UploadFieldProps> & { initial?: Upload[]; changes?: Upload[][] }) {
  const [files, setFiles] = useState<Upload[]>(initial);
  return (
    <UploadField
      uploadKey="invoice-1"
      label="請求書"
      {...props}
      files={files}
      onFilesChange={(next) => {
        changes?.push(next);
        setFiles(next);
      }}
    />
  );
}

/** The `<li>` of a file by its name. */
const item = (name: string, scope: HTMLElement = document.body) => {
  const li = within(scope)
    .getAllByRole('listitem')
    .find((el) => within(el).queryByText(name) !== null);
  if (li === undefined) throw new Error(`no file named ${name}`);
  return li;
};

describe('uploading', () => {
  test('progress is shown and announced at start, 50 % and done (not every percent); the file is then listed with its preview', async () => {
    document.cookie = 'csrftoken=tok1';
    const changes: Upload[][] = [];
    render(<Parent uploadKey="identity" side="front" label="表面" changes={changes} />);
    await userEvent.upload(screen.getByLabelText('表面'), png());

    const xhr = FakeXhr.last();
    expect(xhr.headers['X-CSRFToken']).toBe('tok1');
    expect(xhr.parts()).toEqual([
      ['kind', 'identity'],
      ['side', 'front'],
      ['content_file', 'front.png'],
    ]);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('front.png をアップロードしています');
    const bar = screen.getByRole('progressbar', { name: 'front.pngのアップロード' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('img', { name: 'front.pngのプレビュー' })).toHaveAttribute('src', 'blob:preview');

    act(() => xhr.progress(30, 100));
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(status).toHaveTextContent('front.png をアップロードしています');
    act(() => xhr.progress(55, 100));
    expect(bar).toHaveAttribute('aria-valuenow', '55');
    expect(status).toHaveTextContent('front.png のアップロード 50%');
    act(() => xhr.progress(80, 100));
    expect(status).toHaveTextContent('front.png のアップロード 50%');

    const answer = uploaded({ id: 41, kind: 'identity', side: 'front', name: 'front.png', content_type: 'image/png' });
    await act(async () => xhr.respond(201, answer));
    expect(status).toHaveTextContent('front.png のアップロードが完了しました');
    expect(screen.queryByRole('progressbar')).toBeNull();
    const listed = item('front.png');
    expect(listed).toHaveTextContent('1.2 MB');
    expect(within(listed).getByRole('img', { name: 'front.pngのプレビュー' })).toHaveAttribute('src', '/api/uploads/41/content/');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview');
    expect(changes).toEqual([[answer]]);
  });

  test('a PDF shows its name and size, no preview', async () => {
    render(<Parent initial={[uploaded({ name: '請求書.pdf', size: 2048 })]} />);
    const listed = item('請求書.pdf');
    expect(listed).toHaveTextContent('2 KB');
    expect(within(listed).queryByRole('img')).toBeNull();
  });

  test('a dropped file is uploaded like a chosen one', async () => {
    render(<Parent />);
    fireEvent.drop(screen.getByText(/ドラッグ＆ドロップ/), { dataTransfer: { files: [pdf('dropped.pdf')] } });
    expect(FakeXhr.last().parts()).toEqual([
      ['kind', 'invoice'],
      ['content_file', 'dropped.pdf'],
    ]);
    expect(screen.getByRole('progressbar', { name: 'dropped.pdfのアップロード' })).toBeInTheDocument();
  });

  test('several files in a multiple field go up one after another', async () => {
    const changes: Upload[][] = [];
    render(<Parent multiple changes={changes} />);
    await userEvent.upload(screen.getByLabelText('請求書'), [pdf('a.pdf'), pdf('b.pdf')]);
    expect(FakeXhr.sent).toHaveLength(1);
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
    await act(async () => FakeXhr.last().respond(201, uploaded({ id: 1, name: 'a.pdf' })));
    expect(FakeXhr.sent).toHaveLength(2);
    expect(FakeXhr.last().parts()[1]).toEqual(['content_file', 'b.pdf']);
    await act(async () => FakeXhr.last().respond(201, uploaded({ id: 2, name: 'b.pdf' })));
    expect(changes.at(-1)?.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(isUploadInFlight('invoice')).toBe(false);
  });
});

describe('failures stay on their own file', () => {
  test('400 with field errors → 「アップロードエラー」 and the message; the other files are kept; the failed one can be dismissed', async () => {
    const changes: Upload[][] = [];
    render(<Parent multiple initial={[uploaded()]} changes={changes} />);
    await userEvent.upload(screen.getByLabelText('請求書'), pdf('photo.pdf'));
    await act(async () => FakeXhr.last().respond(400, { content_file: [UPLOAD_MESSAGES.unsupported('invoice')] }));

    const alert = within(item('photo.pdf')).getByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.uploadError);
    expect(alert).toHaveTextContent(UPLOAD_MESSAGES.unsupported('invoice'));
    expect(item('請求書.pdf')).toBeInTheDocument();
    expect(changes).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'photo.pdfのエラーを閉じる' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('photo.pdf')).toBeNull();
    expect(item('請求書.pdf')).toBeInTheDocument();
  });

  test('no answer → the network message in Japanese', async () => {
    render(<Parent />);
    await userEvent.upload(screen.getByLabelText('請求書'), pdf());
    const first = FakeXhr.last();
    await act(async () => first.failNetwork());
    // The client's one retry after a network failure (same Idempotency-Key, issue 27) fails too.
    await vi.waitFor(() => expect(FakeXhr.last()).not.toBe(first));
    await act(async () => FakeXhr.last().failNetwork());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.uploadError);
    expect(alert).toHaveTextContent('通信できませんでした。インターネット接続をご確認のうえ、もう一度お試しください。');
    // The field is free again.
    await userEvent.upload(screen.getByLabelText('請求書'), pdf('again.pdf'));
    expect(FakeXhr.sent).toHaveLength(3); // the upload, its retry, the new upload
  });

  test.each([
    ['empty', new File([], 'empty.pdf', { type: 'application/pdf' }), UPLOAD_MESSAGES.empty],
    ['too large', Object.defineProperty(pdf('huge.pdf'), 'size', { value: UPLOAD_MAX_FILE_BYTES + 1 }), UPLOAD_MESSAGES.tooLarge],
  ])('%s: refused before sending', async (_case, file, message) => {
    render(<Parent />);
    await userEvent.upload(screen.getByLabelText('請求書'), file);
    const alert = within(item(file.name)).getByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.uploadError);
    expect(alert).toHaveTextContent(message);
    expect(FakeXhr.sent).toHaveLength(0);
    expect(isUploadInFlight('invoice')).toBe(false);
  });
});

describe('one upload per kind on the page', () => {
  test('a second file of the same kind (another field) → 「他のファイルをアップロード中です」; another kind goes; the kind is free again once done', async () => {
    render(
      <>
        <Parent uploadKey="invoice-1" label="請求書1" />
        <Parent uploadKey="invoice-2" label="請求書2" />
        <Parent uploadKey="identity" side="back" label="裏面" />
      </>,
    );
    await userEvent.upload(screen.getByLabelText('請求書1'), pdf('first.pdf'));
    const first = FakeXhr.last();

    await userEvent.upload(screen.getByLabelText('請求書2'), pdf('second.pdf'));
    expect(FakeXhr.sent).toHaveLength(1);
    expect(within(item('second.pdf')).getByRole('alert')).toHaveTextContent(MESSAGES.uploadInProgress);

    await userEvent.upload(screen.getByLabelText('裏面'), png('back.png'));
    expect(FakeXhr.sent).toHaveLength(2);
    expect(FakeXhr.last().parts()[0]).toEqual(['kind', 'identity']);

    await act(async () => first.respond(201, uploaded({ id: 1, name: 'first.pdf' })));
    await userEvent.upload(screen.getByLabelText('請求書2'), pdf('second.pdf'));
    expect(FakeXhr.sent).toHaveLength(3);
  });

  test('a file that cannot go is told why, even while the kind is busy', async () => {
    render(
      <>
        <Parent uploadKey="invoice-1" label="請求書1" />
        <Parent uploadKey="invoice-2" label="請求書2" />
      </>,
    );
    await userEvent.upload(screen.getByLabelText('請求書1'), pdf('first.pdf'));
    await userEvent.upload(screen.getByLabelText('請求書2'), new File([], 'empty.pdf', { type: 'application/pdf' }));
    const alert = within(item('empty.pdf')).getByRole('alert');
    expect(alert).toHaveTextContent(UPLOAD_MESSAGES.empty);
    expect(alert).not.toHaveTextContent(MESSAGES.uploadInProgress);
  });

  test('leaving the page mid-upload aborts it and frees the kind', async () => {
    const { unmount } = render(<Parent />);
    await userEvent.upload(screen.getByLabelText('請求書'), pdf());
    expect(isUploadInFlight('invoice-9')).toBe(true);
    unmount();
    expect(FakeXhr.last().aborted).toBe(true);
    await vi.waitFor(() => expect(isUploadInFlight('invoice')).toBe(false));
  });
});

describe('deleting', () => {
  function recordDeletes() {
    const seen: { path: string; csrf: string | null }[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'DELETE') seen.push({ path: new URL(request.url).pathname, csrf: request.headers.get('X-CSRFToken') });
    });
    return seen;
  }

  test('asks first: キャンセル keeps the file and sends nothing; 削除する deletes it and the parent gets the list without it', async () => {
    document.cookie = 'csrftoken=tok2';
    const seen = recordDeletes();
    server.use(mock(endpoints.uploads.delete, () => undefined));
    const changes: Upload[][] = [];
    const keep = uploaded({ id: 8, name: '残す.pdf' });
    render(<Parent multiple initial={[uploaded(), keep]} changes={changes} />);

    const deleteButton = screen.getByRole('button', { name: '請求書.pdfを削除' });
    await userEvent.click(deleteButton);
    const confirm = screen.getByRole('group', { name: '削除しますか？' });
    expect(within(confirm).getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('group', { name: '削除しますか？' })).toBeNull();
    expect(screen.getByRole('button', { name: '請求書.pdfを削除' })).toHaveFocus();
    expect(seen).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: '請求書.pdfを削除' }));
    await userEvent.click(screen.getByRole('button', { name: '削除する' }));
    await vi.waitFor(() => expect(screen.queryByText('請求書.pdf')).toBeNull());
    expect(seen).toEqual([{ path: '/api/uploads/7/', csrf: 'tok2' }]);
    expect(changes).toEqual([[keep]]);
    expect(item('残す.pdf')).toBeInTheDocument();
  });

  test('a delete of a file already gone (404: deleted in another tab) removes it from the list', async () => {
    server.use(failure(endpoints.uploads.delete, 'notFound', { detail: NOT_FOUND_DETAIL }));
    const changes: Upload[][] = [];
    render(<Parent initial={[uploaded()]} changes={changes} />);
    await userEvent.click(screen.getByRole('button', { name: '請求書.pdfを削除' }));
    await userEvent.click(screen.getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(changes).toEqual([[]]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a failed delete says 「削除に失敗しました。…」 and the file stays', async () => {
    server.use(failure(endpoints.uploads.delete, 'validation', { non_field_errors: ['提出済みの書類は削除できません。'] }));
    const changes: Upload[][] = [];
    render(<Parent initial={[uploaded()]} changes={changes} />);
    await userEvent.click(screen.getByRole('button', { name: '請求書.pdfを削除' }));
    await userEvent.click(screen.getByRole('button', { name: '削除する' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.deleteFailed);
    expect(item('請求書.pdf')).toContainElement(alert);
    expect(changes).toEqual([]);
  });
});

describe('the input', () => {
  test('labelled, reachable with Tab, accepts the kind’s types (HEIC too), camera on request', async () => {
    render(<Parent uploadKey="withdrawals_detail-2" label="入出金明細" capture="environment" />);
    const input = screen.getByLabelText('入出金明細');
    await userEvent.tab();
    expect(input).toHaveFocus();
    const accept = input.getAttribute('accept')?.split(',');
    expect(accept).toEqual(expect.arrayContaining(['image/jpeg', 'image/heic', '.heic', 'application/pdf', 'text/csv', '.csv']));
    expect(input).toHaveAttribute('capture', 'environment');
    expect(input).toHaveAccessibleDescription(/JPEG・PNG・HEIC・PDF・CSV（1ファイル20MBまで）/);
  });

  test('a single-file field that holds its file takes no more until it is deleted', () => {
    render(<Parent initial={[uploaded()]} />);
    expect(screen.getByLabelText('請求書')).toBeDisabled();
    expect(screen.getByText('アップロードできるファイルは1件までです。差し替えるときは、先に削除してください。')).toBeInTheDocument();
  });

  test('disabled: nothing can be chosen, dropped or deleted', () => {
    render(<Parent initial={[uploaded()]} multiple disabled />);
    expect(screen.getByLabelText('請求書')).toBeDisabled();
    expect(screen.getByRole('button', { name: '請求書.pdfを削除' })).toBeDisabled();
    fireEvent.drop(screen.getByText(/ドラッグ＆ドロップ/), { dataTransfer: { files: [pdf()] } });
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
