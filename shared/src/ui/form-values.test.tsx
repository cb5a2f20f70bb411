import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { useFormValues } from './form-values';
import { TextField } from './forms';
import { NewPasswordFields } from './new-password-fields';

function Form({ errors }: { errors: Record<string, string> }) {
  const { values, field, clear } = useFormValues({ new_password1: '', new_password2: '' }, errors);
  return (
    <form>
      <NewPasswordFields field={field} description="8文字以上" />
      <TextField label="控え" name="copy" value={values.new_password1} onValueChange={() => undefined} optional />
      <button type="button" onClick={clear}>
        消す
      </button>
    </form>
  );
}

test('a bound field shows what was typed, its own error tied to it, and clear() empties the values', async () => {
  render(<Form errors={{ new_password2: 'パスワードが一致しません。' }} />);
  const first = screen.getByLabelText(/^新しいパスワード必須/);
  const second = screen.getByLabelText(/新しいパスワード（確認）/);
  expect(first).toHaveAttribute('name', 'new_password1');
  expect(first).toHaveAttribute('autocomplete', 'new-password');
  expect(first).toHaveAccessibleDescription('8文字以上');
  expect(first).not.toHaveAttribute('aria-invalid');
  expect(second).toHaveAttribute('aria-invalid', 'true');
  expect(second).toHaveAccessibleDescription('パスワードが一致しません。');

  await userEvent.type(first, 'abc12345');
  expect(first).toHaveValue('abc12345');
  expect(screen.getByLabelText(/控え/)).toHaveValue('abc12345');
  expect(second).toHaveValue('');

  await userEvent.click(screen.getByRole('button', { name: '消す' }));
  expect(first).toHaveValue('');
});
