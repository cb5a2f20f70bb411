import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { endpoints } from '@app/contracts';
import { corporationsFixture, mock, MockReply, offline } from '@app/mocks';
import { server, installMswServer } from '../testing/server';
import { CorporationSuggest, CORPORATION_SUGGEST_MESSAGES, EMPTY_CORPORATION_VALUE, type CorporationValue } from './corporation-suggest';
import { SUGGEST_MESSAGES } from './suggest-field';

installMswServer();

function backend() {
  const names: string[] = [];
  server.use(
    mock(endpoints.ext.houjinbangou, ({ request }) => {
      const name = new URL(request.url).searchParams.get('name') ?? '';
      names.push(name);
      return corporationsFixture().filter((c) => c.name.includes(name));
    }),
  );
  return { names };
}

function renderField(initial: CorporationValue = EMPTY_CORPORATION_VALUE) {
  const changes: CorporationValue[] = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <CorporationSuggest
        name="obliger_company_name"
        label="売掛先の会社名"
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Host />);
  return { changes, last: () => changes.at(-1) };
}

const input = () => screen.getByRole('combobox', { name: /売掛先の会社名/ });

describe('CorporationSuggest', () => {
  test('keyboard: suggestions with address and 法人番号; ↓ Enter fills name, 法人番号 and address', async () => {
    const { names } = backend();
    const { last } = renderField();
    const user = userEvent.setup();
    expect(input()).toHaveAccessibleDescription(CORPORATION_SUGGEST_MESSAGES.hint);
    await user.type(input(), 'サンプル');
    const listbox = await screen.findByRole('listbox', { name: '売掛先の会社名の候補' });
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('株式会社サンプル商事');
    expect(options[0]).toHaveTextContent('東京都千代田区丸の内１丁目１－１');
    expect(options[0]).toHaveTextContent('法人番号 1010001000006');
    expect(names).toEqual(['サンプル']); // debounced: one request for the whole word

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{Enter}');
    expect(last()).toEqual({ name: 'サンプル物産株式会社', houjinbangou: '2010001000005', address: '大阪府大阪市北区梅田２丁目２－２' });
    expect(input()).toHaveValue('サンプル物産株式会社');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    // What was chosen is shown under the field.
    expect(screen.getByText('法人番号').nextSibling).toHaveTextContent('2010001000005');
    expect(screen.getByText('所在地').nextSibling).toHaveTextContent('大阪府大阪市北区梅田２丁目２－２');
  });

  test('free text: typing over a chosen corporation clears its 法人番号 and address', async () => {
    backend();
    const { last } = renderField({
      name: '株式会社サンプル商事',
      houjinbangou: '1010001000006',
      address: '東京都千代田区丸の内１丁目１－１',
    });
    expect(screen.getByText('法人番号').nextSibling).toHaveTextContent('1010001000006');
    await userEvent.setup().type(input(), '東京支社');
    expect(last()).toEqual({ name: '株式会社サンプル商事東京支社', houjinbangou: '', address: '' });
    expect(screen.queryByText('法人番号')).not.toBeInTheDocument();
  });

  test('no result: said under the field, the name typed stays', async () => {
    backend();
    const { last } = renderField();
    const user = userEvent.setup();
    await user.type(input(), '山田商店');
    const message = await screen.findByText(CORPORATION_SUGGEST_MESSAGES.noResults);
    expect(message).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(last()).toEqual({ name: '山田商店', houjinbangou: '', address: '' });
  });

  test.each([
    ['a server error', () => mock(endpoints.ext.houjinbangou, () => new MockReply(502, { detail: 'Bad Gateway' }))],
    ['no network', () => offline(endpoints.ext.houjinbangou)],
  ])('%s: said, and typing goes on', async (_case, handler) => {
    server.use(handler());
    const { last } = renderField();
    const user = userEvent.setup();
    await user.type(input(), 'サンプル');
    expect(await screen.findByText(SUGGEST_MESSAGES.failed)).toHaveClass('picker__message--error');
    await user.type(input(), '商事');
    expect(last()).toEqual({ name: 'サンプル商事', houjinbangou: '', address: '' });
  });

  test('clearing the field asks nothing and closes the list', async () => {
    const { names } = backend();
    renderField();
    const user = userEvent.setup();
    await user.type(input(), 'サンプル');
    await screen.findByRole('listbox', { name: '売掛先の会社名の候補' });
    await user.clear(input());
    expect(screen.queryByRole('listbox', { name: '売掛先の会社名の候補' })).not.toBeInTheDocument();
    await user.type(input(), '   ');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(names).toEqual(['サンプル']);
  });

  test('Tab leaves the field and closes the list', async () => {
    backend();
    renderField();
    const user = userEvent.setup();
    await user.type(input(), 'サンプル');
    await screen.findByRole('listbox', { name: '売掛先の会社名の候補' });
    await user.tab();
    expect(input()).not.toHaveFocus();
    expect(screen.queryByRole('listbox', { name: '売掛先の会社名の候補' })).not.toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
  });
});
