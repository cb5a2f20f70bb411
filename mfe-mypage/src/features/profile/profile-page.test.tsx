import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { LOGGED_OUT, authStore } from '@app/shared';
import { ACCOUNT_MESSAGES, endpoints, type ProfileResponse } from '@app/contracts';
import { IDENTITY_DOCUMENT_MESSAGES, REVIEW_STATUS } from '@app/contracts/domain';
import {
  accountSessionsFixture,
  answer,
  failureReply,
  meFixture,
  mock,
  postalCodeLookupFixture,
  profileFixture,
  suppressEntriesFixture,
} from '@app/mocks';
import { installMswServer, server } from '../../testing/server';
import { ProfileScreen, type ProfileVariant } from './profile-page';

installMswServer();
beforeEach(() => {
  window.sessionStorage.clear();
  authStore.setState({ ...LOGGED_OUT, status: 'lackOfUserData', userId: 7, me: meFixture({ id: 7 }), loaded: true }, true);
  server.use(
    answer(endpoints.me.get, meFixture({ id: 7 })),
    answer(endpoints.systemSettings.suppressEntries, suppressEntriesFixture()),
    answer(endpoints.uploads.list, []),
    answer(endpoints.accountSessions.list, accountSessionsFixture()),
  );
});
afterEach(() => authStore.setState(LOGGED_OUT, true));

function renderScreen(variant: ProfileVariant = 'edit') {
  return render(
    <MemoryRouter initialEntries={['/profile']}>
      <Routes>
        <Route path="/profile" element={<ProfileScreen variant={variant} />} />
        <Route path="/mypage" element={<p>マイページ到着</p>} />
        <Route path="/entry" element={<p>申し込み到着</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** A stateful profile endpoint: GET answers the stored one, PATCH applies the body under the version lock. */
function profileBackend(initial: ProfileResponse) {
  const state = { profile: initial, patches: [] as Record<string, unknown>[] };
  const patch = (endpoint: typeof endpoints.profile.patch | typeof endpoints.profile.patchWithoutSector) =>
    mock(endpoint, ({ body }) => {
      const { version, ...changes } = body as Record<string, unknown> & { version: number };
      state.patches.push(body as Record<string, unknown>);
      if (version !== state.profile.version) return failureReply(endpoint, 'conflict', { detail: ACCOUNT_MESSAGES.versionConflict });
      state.profile = { ...state.profile, ...changes, version: state.profile.version + 1 };
      return state.profile;
    });
  server.use(
    mock(endpoints.profile.get, () => state.profile),
    patch(endpoints.profile.patch),
    patch(endpoints.profile.patchWithoutSector),
  );
  return state;
}

describe('ProfileScreen', () => {
  test('shows the profile and saves only what changed, with the version', async () => {
    const state = profileBackend(profileFixture({ version: 3 }));
    renderScreen();
    const city = await screen.findByLabelText(/^市区町村・番地/, { selector: '[name="office_city"]' });
    expect(city).toHaveValue('千代田区千代田');
    expect(screen.getByLabelText(/^郵便番号/, { selector: '[name="office_zipcode"]' })).toHaveValue('100-0001');
    await userEvent.clear(city);
    await userEvent.type(city, '千代田区丸の内1-1');
    await userEvent.click(screen.getByRole('button', { name: '変更を保存する' }));
    await waitFor(() => expect(state.patches).toHaveLength(1));
    expect(state.patches[0]).toEqual({ office_city: '千代田区丸の内1-1', version: 3 });
  });

  test('a postal code fills 都道府県 and 市区町村, which stay editable', async () => {
    profileBackend(profileFixture({ owner_zipcode: null, owner_prefecture: null, owner_city: null }));
    server.use(
      mock(endpoints.postalCodes.get, ({ params }) =>
        postalCodeLookupFixture({ code: params.code ?? '', addresses: [{ prefecture: '大阪府', city: '大阪市北区', town: '梅田' }] }),
      ),
    );
    renderScreen();
    const zip = await screen.findByLabelText(/^郵便番号/, { selector: '[name="owner_zipcode"]' });
    await userEvent.type(zip, '５３０－０００１');
    await waitFor(() => expect(screen.getByLabelText(/^都道府県/, { selector: '[name="owner_prefecture"]' })).toHaveValue('大阪府'));
    const city = screen.getByLabelText(/^市区町村・番地/, { selector: '[name="owner_city"]' });
    expect(city).toHaveValue('大阪市北区梅田');
    expect(screen.getByText('「大阪府大阪市北区梅田」を入力しました。番地などを続けて入力してください。')).toBeInTheDocument();
    await userEvent.type(city, '1-2-3');
    expect(city).toHaveValue('大阪市北区梅田1-2-3');
  });

  test('409: the message, what changed elsewhere, and what was typed is kept; saving again sends only my fields', async () => {
    const state = profileBackend(profileFixture({ version: 3 }));
    renderScreen();
    const summary = await screen.findByLabelText(/^事業内容/);
    // Another tab saves the office city meanwhile.
    state.profile = { ...state.profile, office_city: '港区芝公園', version: 4 };
    await userEvent.type(summary, '内装工事');
    await userEvent.click(screen.getByRole('button', { name: '変更を保存する' }));
    const conflict = await screen.findByTestId('profile-conflict');
    expect(conflict).toHaveTextContent(ACCOUNT_MESSAGES.versionConflict);
    expect(conflict).toHaveTextContent('会社の市区町村・番地: 港区芝公園');
    expect(summary).toHaveValue('内装工事');
    await userEvent.click(within(conflict).getByRole('button', { name: '自分の入力内容で保存する' }));
    await waitFor(() => expect(state.profile.business_summary).toBe('内装工事'));
    expect(state.patches.at(-1)).toEqual({ business_summary: '内装工事', version: 4 });
    expect(state.profile.office_city).toBe('港区芝公園');
  });

  test('what was typed survives a reload of the tab (and can be discarded)', async () => {
    profileBackend(profileFixture());
    const first = renderScreen();
    await userEvent.type(await screen.findByLabelText(/^建物名・部屋番号/, { selector: '[name="office_building_number"]' }), ' 5階');
    first.unmount();
    renderScreen();
    const building = await screen.findByLabelText(/^建物名・部屋番号/, { selector: '[name="office_building_number"]' });
    expect(building).toHaveValue('1-1 5階');
    expect(screen.getByText('前回保存されていない入力内容を復元しました。内容を確認して保存してください。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '復元した入力を破棄する' }));
    expect(building).toHaveValue('1-1');
  });

  test('required fields are checked before sending, and phones are normalised as typed', async () => {
    const state = profileBackend(profileFixture({ owner_phone: null }));
    renderScreen('register');
    const phone = await screen.findByLabelText(/^代表者の電話番号/);
    await userEvent.click(screen.getByRole('button', { name: '保存して次へ' }));
    expect(phone).toHaveAccessibleDescription(/入力してください。/);
    expect(state.patches).toHaveLength(0);
    await userEvent.type(phone, '０９０１２３４５６７８');
    await userEvent.tab();
    expect(phone).toHaveValue('090-1234-5678');
  });

  test('while the identity is 確認中 the names are locked, with the way to change them', async () => {
    profileBackend(profileFixture({ identity_confirmation: REVIEW_STATUS.confirming }));
    renderScreen();
    expect(await screen.findByLabelText(/^姓/, { selector: '[name="last_name"]' })).toBeDisabled();
    expect(screen.getByLabelText(/^会社名/, { selector: '[name="company_name"]' })).toBeDisabled();
    expect(screen.getByText(IDENTITY_DOCUMENT_MESSAGES.locked)).toBeInTheDocument();
    expect(screen.getByTestId('identity-status')).toHaveTextContent('確認中');
    await userEvent.click(screen.getByRole('button', { name: '氏名・会社名を変更する' }));
    expect(screen.getByRole('form', { name: '氏名・会社名の変更と本人確認書類の提出' })).toBeInTheDocument();
  });

  test('before an entry: saving goes on to /entry, without the sector fields', async () => {
    const state = profileBackend(profileFixture());
    renderScreen('beforeEntry');
    await screen.findByLabelText(/^会社名/, { selector: '[name="company_name"]' });
    expect(screen.queryByLabelText(/^業種/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'この内容でお申し込みへ進む' }));
    expect(await screen.findByText('申し込み到着')).toBeInTheDocument();
    expect(state.patches).toEqual([{ version: 1 }]);
  });
});
