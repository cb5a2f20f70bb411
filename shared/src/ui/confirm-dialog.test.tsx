import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

const CLASSES = { backdrop: 'x-backdrop', dialog: 'x-dialog', title: 'x-title', actions: 'x-actions' };

function Page(props: Partial<ConfirmDialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <header>
        <a href="/">ホーム</a>
      </header>
      <main id="main">
        <button type="button" onClick={() => setOpen(true)}>
          削除する
        </button>
        {open && (
          <ConfirmDialog
            title="削除しますか？"
            confirmLabel="削除"
            cancelLabel="戻る"
            classes={CLASSES}
            onConfirm={() => undefined}
            onClose={() => setOpen(false)}
            {...props}
          >
            <p>元に戻せません。</p>
          </ConfirmDialog>
        )}
      </main>
    </>
  );
}

test('a modal named by its title and described by its body: focus on the safe choice, the page behind inert, Escape closes and focus returns', async () => {
  const user = userEvent.setup();
  const { container } = render(<Page />);
  const opener = screen.getByRole('button', { name: '削除する' });
  await user.click(opener);
  // Its code arrives on first use (a lazy chunk): the opener keeps the focus until it shows.
  const dialog = await screen.findByRole('dialog', { name: '削除しますか？' });
  expect(dialog).toHaveAccessibleDescription('元に戻せません。');
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(dialog).toHaveClass('x-dialog');
  expect(screen.getByRole('button', { name: '削除' })).toHaveClass('button--danger');
  expect(screen.getByRole('button', { name: '戻る' })).toHaveFocus();
  expect(container.querySelector('main')?.inert).toBe(true);
  expect(container.querySelector('header')?.inert).toBe(true);

  await user.tab();
  expect(screen.getByRole('button', { name: '削除' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: '戻る' })).toHaveFocus();
  await user.tab({ shift: true });
  expect(screen.getByRole('button', { name: '削除' })).toHaveFocus();

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(container.querySelector('main')?.inert).toBe(false);
  expect(opener).toHaveFocus();
});

test('while busy: both buttons disabled, the busy label shown, Escape does not close; an error is announced', async () => {
  const user = userEvent.setup();
  const onConfirm = vi.fn();
  render(<Page busy busyLabel="削除しています…" error="削除できませんでした。" onConfirm={onConfirm} />);
  await user.click(screen.getByRole('button', { name: '削除する' }));
  expect(await screen.findByRole('button', { name: '削除しています…' })).toBeDisabled();
  expect(screen.getByRole('button', { name: '戻る' })).toBeDisabled();
  expect(screen.getByRole('alert')).toHaveTextContent('削除できませんでした。');
  screen.getByRole('dialog').focus();
  await user.keyboard('{Escape}');
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

test('the confirm button is red by default and blue when the move is not dangerous', async () => {
  const user = userEvent.setup();
  const onConfirm = vi.fn();
  render(<Page danger={false} onConfirm={onConfirm} />);
  await user.click(screen.getByRole('button', { name: '削除する' }));
  const confirm = await screen.findByRole('button', { name: '削除' });
  expect(confirm).toHaveClass('button--primary');
  await user.click(confirm);
  expect(onConfirm).toHaveBeenCalledOnce();
});
