import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { FieldFrame } from './field-frame';

test('a class beside `field`, and what goes under the error (after it, in that order)', () => {
  const { container } = render(
    <FieldFrame label="金融機関名" error="入力してください。" className="picker" after={<p>注意</p>}>
      {(control) => <input {...control} name="bank" />}
    </FieldFrame>,
  );
  const frame = container.firstElementChild;
  expect(frame).toHaveClass('field', 'picker', 'field--invalid');
  expect(screen.getByRole('textbox', { name: /金融機関名/ })).toHaveAccessibleDescription('入力してください。');
  expect([...(frame?.querySelectorAll('p') ?? [])].map((p) => p.textContent)).toEqual(['入力してください。', '注意']);
});
