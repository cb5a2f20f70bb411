import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ReleaseStatus } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { staffApi } from '../../staff/api';
import { useAction } from '../../staff/use-action';
import { ServerMessage } from '../../ui/bits';

type RemoteRow = ReleaseStatus['remotes'][number];

/**
 * A staff member's preview of any published version (issue 26): pinned for their own browser only
 * (POST /api/staff/releases/preview/), shown on every page of the site with a banner, ended here or
 * at logout. `onChanged` reads the status again.
 */
export function PreviewCell({ row, onChanged }: { row: RemoteRow; onChanged: () => void }) {
  const id = useId();
  const action = useAction();
  const choices = row.published.filter((version) => version !== row.live);
  const [chosen, setChosen] = useState(choices[0] ?? '');
  if (row.preview !== null) {
    return (
      <div className="bo-preview-cell">
        <span>
          <code>{row.preview}</code> をプレビュー中
        </span>
        <button
          type="button"
          className="button button--secondary"
          disabled={action.busy}
          onClick={() =>
            action.run(async () => {
              await staffApi(endpoints.staff.releases.endPreview, { body: { remote: row.remote } });
              onChanged();
            })
          }
        >
          プレビューを終了
        </button>
        <ServerMessage message={action.error} />
      </div>
    );
  }
  if (choices.length === 0) return <span className="bo-muted">公開中の版のみ</span>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.run(async () => {
      await staffApi(endpoints.staff.releases.preview, { body: { remote: row.remote, version: chosen } });
      onChanged();
    });
  };
  return (
    <form className="bo-preview-cell" onSubmit={submit}>
      <label htmlFor={`${id}-version`} className="bo-visually-hidden">
        {`${row.remote} のプレビューするバージョン`}
      </label>
      <select id={`${id}-version`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
        {choices.map((version) => (
          <option key={version} value={version}>
            {version === row.canary?.version ? `${version}（カナリア）` : version}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary" disabled={action.busy}>
        このブラウザーでプレビュー
      </button>
      <ServerMessage message={action.error} />
    </form>
  );
}

/** `?preview=<remote>@<version>` (the link `pnpm release preview` prints), as the remote and version. */
export function previewAsked(value: string | null): { remote: string; version: string } | null {
  const match = /^([a-z]+)@([0-9A-Za-z.+-]{1,64})$/.exec(value ?? '');
  return match ? { remote: match[1]!, version: match[2]! } : null;
}

/**
 * The link from `pnpm release preview <remote> <version>`: asks before pinning (a link alone never
 * changes what this browser runs), then says where to look.
 */
export function PreviewRequest({ status, onChanged }: { status: ReleaseStatus; onChanged: () => void }) {
  // useLocation/useNavigate: the shared router singleton carries only the API the site uses (no useSearchParams).
  const location = useLocation();
  const navigate = useNavigate();
  const action = useAction();
  const params = new URLSearchParams(location.search);
  const asked = previewAsked(params.get('preview'));
  if (asked === null) return null;
  const row = status.remotes.find((r) => r.remote === asked.remote);
  const dismiss = () => {
    params.delete('preview');
    const search = params.toString();
    void navigate(`${location.pathname}${search === '' ? '' : `?${search}`}`, { replace: true });
  };
  if (row?.preview === asked.version) {
    return (
      <div className="bo-note" role="status">
        <p>
          <strong>{asked.remote}</strong> の <code>{asked.version}</code>{' '}
          をこのブラウザーでプレビュー中です。サイトのページを開くと、上部の表示とともにこのバージョンで動きます。
        </p>
        <p>
          <a href="/">サイトのトップページを開く</a>
        </p>
      </div>
    );
  }
  if (row === undefined || !row.published.includes(asked.version)) {
    return (
      <div className="bo-alert" role="alert">
        <p>
          {asked.remote} の <code>{asked.version}</code> は公開準備されていません（<code>pnpm release status</code>{' '}
          で公開準備済みのバージョンを確認してください）。
        </p>
        <button type="button" className="button button--secondary" onClick={dismiss}>
          閉じる
        </button>
      </div>
    );
  }
  return (
    <div className="bo-note">
      <p>
        <strong>{asked.remote}</strong> の <code>{asked.version}</code>{' '}
        をこのブラウザーでプレビューしますか？申込者や他のスタッフには影響しません。ログアウトすると終了します。
      </p>
      <div className="bo-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={action.busy}
          onClick={() =>
            action.run(async () => {
              await staffApi(endpoints.staff.releases.preview, { body: asked });
              onChanged();
            })
          }
        >
          プレビューを開始
        </button>
        <button type="button" className="button button--secondary" onClick={dismiss}>
          やめる
        </button>
      </div>
      <ServerMessage message={action.error} />
    </div>
  );
}
