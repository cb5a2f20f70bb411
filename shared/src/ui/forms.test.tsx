import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test } from 'vitest';
import { Checkbox, RadioGroup, SubmitButton, TextField } from './forms';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A form prerendered on the server (renderToString), then hydrated in the browser (issue 12).
let sent: { email: string; keep: boolean; division: string } | undefined;

function Form() {
  const [email, setEmail] = useState('');
  const [keep, setKeep] = useState(false);
  const [division, setDivision] = useState<'corporate' | 'individual' | ''>('');
  return (
    <form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        sent = { email, keep, division };
      }}
    >
      <TextField label="メールアドレス" name="email" value={email} onValueChange={setEmail} />
      <RadioGroup
        legend="ご登録の区分"
        name="division"
        value={division}
        options={[
          { value: 'corporate', label: '法人' },
          { value: 'individual', label: '個人事業主' },
        ]}
        onValueChange={setDivision}
      />
      <Checkbox label="ログイン状態を保持する" name="keep" checked={keep} onCheckedChange={setKeep} />
      <SubmitButton busy={false}>ログイン</SubmitButton>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  sent = undefined;
  document.body.replaceChildren();
});

test('the prerendered submit button is disabled until the form hydrates', () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.appendChild(container);
  const button = container.querySelector('button')!;
  expect(button.disabled).toBe(true);
  act(() => {
    root = hydrateRoot(container, <Form />);
  });
  expect(container.querySelector('button')).toBe(button);
  expect(button.disabled).toBe(false);
});

test('what was typed, ticked and chosen in the server HTML before it hydrated goes into the form state', () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.appendChild(container);
  container.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'typed@example.jp';
  container.querySelector<HTMLInputElement>('input[name="keep"]')!.checked = true;
  container.querySelector<HTMLInputElement>('input[value="individual"]')!.checked = true;
  act(() => {
    root = hydrateRoot(container, <Form />);
  });
  act(() => container.querySelector('button')!.click());
  expect(sent).toEqual({ email: 'typed@example.jp', keep: true, division: 'individual' });
});
