import { useId } from 'react';
import { type ReleaseAudience, type ReleaseStatus } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { formatJst } from '../../model/format';
import { staffApi } from '../../staff/api';
import { useLoad } from '../../staff/use-load';
import { Badge, LoadPending, ScrollTable, TableHead } from '../../ui/bits';
import { CanaryHealth } from './canary-health';
import { PreviewCell, PreviewRequest } from './release-preview';

/** The canary's audience, as the release manager set it (`pnpm release canary …`). */
export function audienceLabel(audience: ReleaseAudience): string {
  switch (audience.kind) {
    case 'staff':
      return 'スタッフのみ';
    case 'segment':
      return `セグメント「${audience.segment}」の申込者`;
    case 'percent':
      return `申込者の ${audience.percent}%`;
  }
}

const ACTION_LABELS: Record<string, string> = {
  publish: '公開準備',
  promote: '公開',
  rollback: 'ロールバック',
  canary: 'カナリア開始',
  'canary-promote': 'カナリアを全員に公開',
  'canary-abort': 'カナリア中止',
  prune: '削除',
};

/**
 * /backoffice/releases: what is live and in canary for each remote, and the latest release changes
 * (`GET /api/staff/releases/`, written by `pnpm release`). Releases are made with the CLI; here a
 * staff member may preview any published version in their own browser (release-preview.tsx), and
 * reads each canary's health beside the live version (canary-health.tsx).
 */
export default function ReleasesPage() {
  const [result, , reload] = useLoad('releases', (signal) => staffApi(endpoints.staff.releases.status, { signal }));
  const id = useId();
  return (
    <div className="bo-stack">
      <div className="bo-head">
        <h1>リリース状況</h1>
      </div>
      <ReleaseTables result={result} id={id} reload={reload} />
    </div>
  );
}

function ReleaseTables({ result, id, reload }: { result: ReturnType<typeof useLoad<ReleaseStatus>>[0]; id: string; reload: () => void }) {
  if (result.state !== 'ready') return <LoadPending result={result} loading="リリース状況を読み込み中…" />;
  const { remotes, history, revision } = result.data;
  return (
    <>
      <PreviewRequest status={result.data} onChanged={reload} />
      <ScrollTable labelledBy={`${id}-remotes`}>
        <caption id={`${id}-remotes`}>リモートごとのバージョン（リビジョン {revision}）</caption>
        <TableHead columns={['リモート', '公開中', 'カナリア', 'このブラウザーでのプレビュー']} />
        <tbody>
          {remotes.map((r) => (
            <tr key={r.remote}>
              <th scope="row" className="bo-nowrap">
                {r.remote}
              </th>
              <td>{r.live === null ? '—' : <code>{r.live}</code>}</td>
              <td className="bo-nowrap">
                {r.canary === null ? (
                  '—'
                ) : (
                  <>
                    <code>{r.canary.version}</code> <Badge kind="canary">{audienceLabel(r.canary.audience)}</Badge>
                  </>
                )}
              </td>
              <td>
                <PreviewCell row={r} onChanged={reload} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <p className="bo-muted bo-small">
        プレビューは、このブラウザーのスタッフのセッションだけに適用されます（サイトの各ページの上部に表示。ログアウトで終了）。申込者には影響しません。
      </p>
      <CanaryHealth />
      <ScrollTable labelledBy={`${id}-history`}>
        <caption id={`${id}-history`}>最近の変更（新しい順）</caption>
        <TableHead columns={['日時', '操作', 'リモート', '変更前 → 変更後', '実行者', '理由']} />
        <tbody>
          {history.length === 0 ? (
            <tr>
              <td colSpan={6}>記録された変更はありません。</td>
            </tr>
          ) : (
            history.map((e, i) => (
              <tr key={`${e.at}-${i}`}>
                <td className="bo-nowrap">{formatJst(e.at)}</td>
                <td className="bo-nowrap">
                  {ACTION_LABELS[e.action] ?? e.action}
                  {e.forced ? (
                    <>
                      {' '}
                      <Badge kind="forced">互換性チェック省略</Badge>
                    </>
                  ) : null}
                </td>
                <td className="bo-nowrap">{e.remote}</td>
                <td className="bo-nowrap">
                  <code>{e.from ?? '—'}</code> → <code>{e.to ?? '—'}</code>
                </td>
                <td className="bo-nowrap">{e.who}</td>
                <td className="bo-nowrap">{e.why ?? ''}</td>
              </tr>
            ))
          )}
        </tbody>
      </ScrollTable>
    </>
  );
}
