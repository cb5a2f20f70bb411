import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { Phrases } from './phrases';

test('the phrases read as the one text, each an unbreakable unit', () => {
  render(
    <h1>
      <Phrases parts={['お申し込みを', '受け付けました']} />
    </h1>,
  );
  const heading = screen.getByRole('heading', { level: 1 });
  expect(heading).toHaveTextContent(/^お申し込みを受け付けました$/);
  expect([...heading.querySelectorAll('.phrase')].map((span) => span.textContent)).toEqual(['お申し込みを', '受け付けました']);
});
