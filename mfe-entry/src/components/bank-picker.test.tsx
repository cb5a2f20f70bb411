import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { endpoints } from '@app/contracts';
import { banksFixture, branchesFixture, failure, mock, MockReply, offline } from '@app/mocks';
import { server, installMswServer } from '../testing/server';
import { BankPicker, BANK_PICKER_MESSAGES, EMPTY_BANK_PICKER_VALUE, type BankPickerValue } from './bank-picker';
import { PICKERS_STYLE_ID } from './pickers.css';
import { SUGGEST_MESSAGES } from './suggest-field';

installMswServer();

/** The backend's search, recording each query (the mock backend's matching: name, kana, code prefix). */
function backend() {
  const bankQueries: string[] = [];
  const branchQueries: { code: string; q: string }[] = [];
  server.use(
    mock(endpoints.banks.search, ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      bankQueries.push(q);
      return banksFixture().filter((b) => b.name.includes(q) || b.kana.includes(q) || b.code.startsWith(q));
    }),
    mock(endpoints.banks.branches, ({ request, params }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      branchQueries.push({ code: params.code ?? '', q });
      return branchesFixture().filter((b) => b.name.includes(q) || b.kana.includes(q) || b.code.startsWith(q));
    }),
  );
  return { bankQueries, branchQueries };
}

/** The picker as a wizard would hold it: controlled, every change recorded. */
function renderPicker(initial: BankPickerValue = EMPTY_BANK_PICKER_VALUE) {
  const changes: BankPickerValue[] = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <form onSubmit={(event) => event.preventDefault()}>
        <BankPicker
          name="account"
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
        />
      </form>
    );
  }
  render(<Host />);
  return { changes, last: () => changes.at(-1) };
}

const bankInput = () => screen.getByLabelText(/^金融機関名/, { selector: 'input' });
const branchInput = () => screen.getByLabelText(/^支店名/, { selector: 'input' });
/** The live region of the field of `input`. */
const statusOf = (input: HTMLElement) => within(input.closest('.picker') as HTMLElement).getByRole('status');

describe('BankPicker', () => {
  test('keyboard only: type, ↓ ↓ ↑ with aria-activedescendant, Enter fills name and code, then the branch the same way', async () => {
    const { bankQueries, branchQueries } = backend();
    const { last } = renderPicker();
    const user = userEvent.setup();

    const bank = screen.getByRole('combobox', { name: /金融機関名/ });
    expect(bank).toHaveAttribute('aria-expanded', 'false');
    expect(bank).toHaveAttribute('aria-autocomplete', 'list');
    await user.click(bank);
    await user.keyboard('三');
    const listbox = await screen.findByRole('listbox', { name: '金融機関名の候補' });
    expect(bank).toHaveAttribute('aria-expanded', 'true');
    expect(bank).toHaveAttribute('aria-controls', listbox.id);
    const options = within(listbox).getAllByRole('option');
    // The code beside the name (and the kana).
    expect(options.map((o) => o.textContent)).toEqual(['0005三菱ＵＦＪミツビシユーエフジエイ', '0009三井住友ミツイスミトモ']);
    expect(statusOf(bank)).toHaveTextContent(SUGGEST_MESSAGES.count(2));
    expect(bank).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(bank).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(bank).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowDown}'); // wraps to the first
    expect(bank).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}'); // and back to the last
    expect(bank).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{Enter}');

    expect(last()).toEqual({ bankName: '三井住友', bankCode: '0009', branchName: '', branchCode: '' });
    expect(bank).toHaveValue('三井住友');
    expect(screen.queryByRole('listbox', { name: '金融機関名の候補' })).not.toBeInTheDocument();
    expect(screen.getByText('金融機関コード').nextSibling).toHaveTextContent('0009');
    expect(bankQueries).toEqual(['三']);

    // The focus moves on to the branch, which now searches that bank's branches.
    const branch = screen.getByRole('combobox', { name: /支店名/ });
    expect(branch).toHaveFocus();
    expect(branch).toHaveAccessibleDescription(BANK_PICKER_MESSAGES.branchHint);
    await user.keyboard('渋谷');
    const branchList = await screen.findByRole('listbox', { name: '支店名の候補' });
    expect(
      within(branchList)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['110渋谷シブヤ']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(last()).toEqual({ bankName: '三井住友', bankCode: '0009', branchName: '渋谷', branchCode: '110' });
    expect(branchQueries).toEqual([{ code: '0009', q: '渋谷' }]);
    expect(screen.getByText('支店コード').nextSibling).toHaveTextContent('110');
  });

  test('Enter with no active option is left to the form (not swallowed); Escape closes the list', async () => {
    backend();
    const enters: boolean[] = [];
    function Host() {
      const [value, setValue] = useState(EMPTY_BANK_PICKER_VALUE);
      return (
        // Records whether the picker kept each Enter from the form (implicit submission).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <form onKeyDown={(event) => event.key === 'Enter' && enters.push(event.defaultPrevented)}>
          <BankPicker name="account" value={value} onChange={setValue} />
        </form>
      );
    }
    render(<Host />);
    const user = userEvent.setup();
    await user.type(bankInput(), 'みずほ');
    await screen.findByRole('listbox', { name: '金融機関名の候補' });
    await user.keyboard('{Enter}'); // open, nothing active
    expect(enters).toEqual([false]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: '金融機関名の候補' })).not.toBeInTheDocument();
    expect(bankInput()).toHaveAttribute('aria-expanded', 'false');
    expect(bankInput()).toHaveValue('みずほ');
    // ↓ opens it again on the same suggestions, with the first active; Enter then chooses (kept from the form).
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox', { name: '金融機関名の候補' })).toBeInTheDocument();
    expect(bankInput()).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
    await user.keyboard('{Escape}{Enter}');
    expect(enters).toEqual([false, false]);
    expect(bankInput()).toHaveValue('みずほ');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(enters).toEqual([false, false, true]);
  });

  test('a click chooses too', async () => {
    backend();
    const { last } = renderPicker();
    const user = userEvent.setup();
    await user.type(bankInput(), '0001');
    await user.click(await screen.findByRole('option', { name: /みずほ/ }));
    expect(last()).toMatchObject({ bankName: 'みずほ', bankCode: '0001' });
  });

  test('debounced: one request for what was typed last, none before the pause', async () => {
    const { bankQueries } = backend();
    renderPicker();
    const user = userEvent.setup();
    await user.type(bankInput(), 'ミツイスミトモ');
    expect(bankQueries).toEqual([]);
    expect(await screen.findByRole('option', { name: /三井住友/ })).toBeInTheDocument();
    expect(bankQueries).toEqual(['ミツイスミトモ']);
  });

  test('an answer to an older query never replaces the newer one', async () => {
    let slowFirst = true;
    server.use(
      mock(endpoints.banks.search, async ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        if (slowFirst) {
          slowFirst = false;
          await new Promise((resolve) => setTimeout(resolve, 400));
        }
        return banksFixture().filter((b) => b.name.includes(q));
      }),
    );
    renderPicker();
    const user = userEvent.setup();
    await user.type(bankInput(), 'みず');
    await new Promise((resolve) => setTimeout(resolve, 350)); // the first search is under way
    await user.type(bankInput(), '{Backspace}{Backspace}三井');
    expect(await screen.findByRole('option', { name: /三井住友/ })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['0009三井住友ミツイスミトモ']);
  });

  test('no result: said under the field and announced; the typed name stays, with no code', async () => {
    backend();
    const { last } = renderPicker();
    const user = userEvent.setup();
    await user.type(bankInput(), 'ツムギ信用金庫');
    const status = await screen.findByText(BANK_PICKER_MESSAGES.noBank);
    expect(status).toHaveAttribute('role', 'status');
    expect(status).not.toHaveClass('visually-hidden');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(last()).toEqual({ bankName: 'ツムギ信用金庫', bankCode: '', branchName: '', branchCode: '' });
    // The branch is then typed freely: a plain field that asks nothing.
    expect(screen.queryByRole('combobox', { name: /支店名/ })).not.toBeInTheDocument();
    expect(branchInput()).toHaveAccessibleDescription(BANK_PICKER_MESSAGES.branchNeedsBank);
    await user.type(branchInput(), '本店営業部');
    expect(last()).toEqual({ bankName: 'ツムギ信用金庫', bankCode: '', branchName: '本店営業部', branchCode: '' });
  });

  test.each([
    ['a server error', () => mock(endpoints.banks.search, () => new MockReply(500, { detail: 'サーバーでエラーが発生しました。' }))],
    ['no network', () => offline(endpoints.banks.search)],
  ])('%s: the failure is said and typing goes on', async (_case, handler) => {
    server.use(handler());
    const { last } = renderPicker();
    const user = userEvent.setup();
    await user.type(bankInput(), 'みずほ');
    const message = await screen.findByText(SUGGEST_MESSAGES.failed);
    expect(message).toHaveClass('picker__message--error');
    await user.type(bankInput(), '銀行');
    expect(last()).toMatchObject({ bankName: 'みずほ銀行', bankCode: '' });
  });

  test('the branch search of a bank the server does not know (404) is a failure too', async () => {
    server.use(failure(endpoints.banks.branches, 'notFound', { detail: '見つかりませんでした。' }));
    renderPicker({ bankName: 'みずほ', bankCode: '0001', branchName: '', branchCode: '' });
    await userEvent.setup().type(branchInput(), '渋谷');
    expect(await screen.findByText(SUGGEST_MESSAGES.failed)).toBeInTheDocument();
  });

  test('typing over a chosen bank clears its code and the branch code; choosing another bank clears the branch', async () => {
    backend();
    const { last } = renderPicker({ bankName: 'みずほ', bankCode: '0001', branchName: '渋谷', branchCode: '110' });
    const user = userEvent.setup();
    await user.type(bankInput(), '銀行');
    expect(last()).toEqual({ bankName: 'みずほ銀行', bankCode: '', branchName: '渋谷', branchCode: '' });
    await user.clear(bankInput());
    expect(screen.queryByRole('listbox', { name: '金融機関名の候補' })).not.toBeInTheDocument();
    await user.type(bankInput(), '三井');
    await user.click(await screen.findByRole('option', { name: /三井住友/ }));
    expect(last()).toEqual({ bankName: '三井住友', bankCode: '0009', branchName: '', branchCode: '' });
  });

  test('looks like the UI kit: its field classes, a required mark, the picker stylesheet added once', async () => {
    backend();
    renderPicker();
    renderPicker();
    expect(document.querySelectorAll(`#${PICKERS_STYLE_ID}`)).toHaveLength(1);
    expect(screen.getAllByRole('group', { name: '金融機関' })).toHaveLength(2);
    const [input] = screen.getAllByRole('combobox', { name: /金融機関名/ });
    expect(input).toHaveClass('field__input');
    expect(input).toBeRequired();
    await waitFor(() => expect(input).toHaveAttribute('autocomplete', 'off'));
  });
});
