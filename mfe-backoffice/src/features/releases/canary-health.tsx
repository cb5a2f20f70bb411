import { useId } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { RemoteHealth } from '@app/contracts/api/releases';
import * as endpoints from '@app/contracts/endpoints';
import { formatJst } from '../../model/format';
import { staffApi } from '../../staff/api';
import { useLoad } from '../../staff/use-load';
import { Badge, LoadPending, ScrollTable } from '../../ui/bits';
import { HealthChart, type ChartSeries } from './health-chart';
import { healthReasons } from './health-reasons';

/** The windows offered, in minutes (the URL's `window`; 60 when absent or anything else). */
export const HEALTH_WINDOWS = [
  { minutes: 60, label: '過去1時間' },
  { minutes: 360, label: '過去6時間' },
  { minutes: 1440, label: '過去24時間' },
] as const;

export function windowFromSearch(search: string): number {
  const asked = Number(new URLSearchParams(search).get('window'));
  return HEALTH_WINDOWS.some((w) => w.minutes === asked) ? asked : 60;
}

export const VERDICT_LABELS: Record<RemoteHealth['verdict'], string> = {
  healthy: '健全',
  worse: '悪化',
  'not-enough-data': 'データ不足',
};

const KIND_LABELS: Record<string, string> = {
  uncaught: '未捕捉の例外',
  rejection: '未処理の Promise の拒否',
  boundary: '画面の描画エラー',
  'remote-load': 'リモートの読み込み失敗',
  contract: '応答が契約と不一致',
};

const count = (n: number) => n.toLocaleString('ja-JP');
const perThousand = (n: number | null) => (n === null ? '—' : n.toFixed(1));
const ms = (n: number | null) => (n === null ? '—' : `${n.toLocaleString('ja-JP')} ms`);
const ratio = (n: number | null) => (n === null ? '—' : `${n.toFixed(2)} 倍`);

/**
 * 「カナリアの健全性」 on リリース状況 (`GET /api/staff/releases/health/`, the numbers of `pnpm release
 * canary health`): per remote with a canary, the verdict with its reasons, the canary beside the live
 * version over the same window and routes, the errors only the canary has, and two small charts.
 * The window (1, 6 or 24 hours) lives in the URL, so a reload or the back button keeps it.
 */
export function CanaryHealth() {
  const location = useLocation();
  const windowMinutes = windowFromSearch(location.search);
  const [result] = useLoad(`release-health-${windowMinutes}`, (signal) =>
    staffApi(endpoints.staff.releases.health, { query: { windowMinutes: String(windowMinutes) }, signal }),
  );
  const id = useId();
  const hrefFor = (minutes: number) => {
    const params = new URLSearchParams(location.search);
    if (minutes === 60) params.delete('window');
    else params.set('window', String(minutes));
    const search = params.toString();
    return `${location.pathname}${search === '' ? '' : `?${search}`}`;
  };
  return (
    <section className="bo-stack" aria-labelledby={`${id}-title`}>
      <div className="bo-head">
        <h2 id={`${id}-title`}>カナリアの健全性</h2>
        <nav className="bo-tabs" aria-label="集計する期間">
          {HEALTH_WINDOWS.map((w) => (
            <Link
              key={w.minutes}
              to={hrefFor(w.minutes)}
              className="bo-tab"
              aria-current={w.minutes === windowMinutes ? 'true' : undefined}
            >
              {w.label}
            </Link>
          ))}
        </nav>
      </div>
      {result.state !== 'ready' ? (
        <LoadPending result={result} loading="カナリアの健全性を読み込み中…" />
      ) : result.data.remotes.length === 0 ? (
        <p className="bo-muted">カナリアはありません。</p>
      ) : (
        result.data.remotes.map((health) => <HealthCard key={health.remote} health={health} />)
      )}
    </section>
  );
}

function HealthCard({ health }: { health: RemoteHealth }) {
  const id = useId();
  const { candidate, baseline, thresholds } = health;
  const rows: [string, string, string, string][] = [
    ['セッション', count(candidate.sessions), count(baseline.sessions), '—'],
    ['ページビュー', count(candidate.pageViews), count(baseline.pageViews), '—'],
    ['エラー', count(candidate.errors), count(baseline.errors), '—'],
    ['1,000ページビューあたりのエラー', perThousand(candidate.errorRate), perThousand(baseline.errorRate), ratio(health.errorRateRatio)],
    ['LCP p75', ms(candidate.lcpP75), ms(baseline.lcpP75), ratio(health.lcpRatio)],
    ['INP p75', ms(candidate.inpP75), ms(baseline.inpP75), ratio(health.inpRatio)],
  ];
  const starts = health.series.candidate.map((p) => p.start);
  const lines = (pick: (p: RemoteHealth['series']['candidate'][number]) => number | null): ChartSeries[] => [
    { key: 'canary', label: `カナリア ${candidate.version}`, values: health.series.candidate.map(pick) },
    { key: 'live', label: `公開中 ${baseline.version}`, values: health.series.baseline.map(pick) },
  ];
  const errorLines = lines((p) => p.errorRate);
  const reasons = healthReasons(health);
  const lcpLines = lines((p) => p.lcpP75);
  return (
    <article className="bo-panel bo-health" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {health.remote}: カナリア {candidate.version} と公開中 {baseline.version}
      </h3>
      <p className="bo-muted bo-small">
        {formatJst(health.since)}〜{formatJst(health.until)}（日本時間）、両方にページビューのあったルート（
        {health.routes.length === 0 ? 'なし' : health.routes.join('、')}）の集計
      </p>
      <div className="bo-health__verdict">
        <p>
          <span className="bo-label">判定</span> <Badge kind={`health-${health.verdict}`}>{VERDICT_LABELS[health.verdict]}</Badge>
        </p>
        {reasons.length > 0 && (
          <ul aria-label="判定の根拠" className="bo-small">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
      </div>
      <ScrollTable labelledBy={`${id}-numbers`}>
        <caption id={`${id}-numbers`}>カナリアと公開中の比較</caption>
        <thead>
          <tr>
            <th scope="col">指標</th>
            <th scope="col" className="bo-num">
              カナリア <code>{candidate.version}</code>
            </th>
            <th scope="col" className="bo-num">
              公開中 <code>{baseline.version}</code>
            </th>
            <th scope="col" className="bo-num">
              比（カナリア÷公開中）
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, canary, live, r]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="bo-num">{canary}</td>
              <td className="bo-num">{live}</td>
              <td className="bo-num">{r}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <p className="bo-muted bo-small">
        悪化と判定する基準：エラーの比が {thresholds.maxErrorRatio} 倍を超える、または LCP p75 の比が {thresholds.maxLcpRatio}{' '}
        倍を超える（どちらも {thresholds.minSessions} セッション以上あるとき）。
      </p>
      <NewErrors health={health} />
      <div className="bo-grid-2">
        <HealthChart
          title="1,000ページビューあたりのエラー"
          summary={chartSummary('1,000ページビューあたりのエラー', health.bucketMinutes, errorLines, perThousand)}
          starts={starts}
          series={errorLines}
          format={(v) => (Number.isInteger(v) ? String(v) : v.toFixed(1))}
          formatValue={perThousand}
        />
        <HealthChart
          title="LCP p75（ミリ秒）"
          summary={chartSummary('LCP p75', health.bucketMinutes, lcpLines, ms)}
          starts={starts}
          series={lcpLines}
          format={(v) => v.toLocaleString('ja-JP')}
          formatValue={ms}
        />
      </div>
    </article>
  );
}

/** What a screen reader hears for a chart: its span and, per line, the highest and the latest value. */
function chartSummary(title: string, bucketMinutes: number, series: readonly ChartSeries[], format: (v: number | null) => string): string {
  const parts = series.map((s) => {
    const measured = s.values.filter((v): v is number => v !== null);
    if (measured.length === 0) return `${s.label}：データなし`;
    return `${s.label}：最大 ${format(Math.max(...measured))}、最新 ${format(measured[measured.length - 1]!)}`;
  });
  const gaps = series.some((s) => s.values.includes(null) && s.values.some((v) => v !== null))
    ? '。データのない区間は線が途切れています'
    : '';
  return `${title}の推移（${bucketMinutes}分ごと）。${parts.join('。')}${gaps}。`;
}

type NewFingerprint = RemoteHealth['newFingerprints'][number];

/**
 * Where an error was thrown: in the repository (the frame mapped through the build's source map,
 * which the site never serves) and, smaller beneath it, the script the browser ran. A version
 * whose map is missing shows the script only.
 */
function ThrownAt({ frame, mappedFrame }: Pick<NewFingerprint, 'frame' | 'mappedFrame'>) {
  if (frame === null && mappedFrame === null) return <>—</>;
  return (
    <dl className="bo-health__frame">
      {mappedFrame !== null && (
        <div>
          <dt>ソース</dt>
          <dd>
            <code className="bo-health__source">{mappedFrame}</code>
          </dd>
        </div>
      )}
      {frame !== null && (
        <div>
          <dt>配信ファイル</dt>
          <dd>
            <code>{frame}</code>
          </dd>
        </div>
      )}
    </dl>
  );
}

function NewErrors({ health }: { health: RemoteHealth }) {
  const id = useId();
  if (health.newFingerprints.length === 0) return <p className="bo-small">公開中にない新しいエラーはありません。</p>;
  return (
    <ScrollTable labelledBy={`${id}-errors`}>
      <caption id={`${id}-errors`}>カナリアだけの新しいエラー</caption>
      <thead>
        <tr>
          <th scope="col">メッセージ</th>
          <th scope="col">種類</th>
          <th scope="col" className="bo-num">
            件数
          </th>
          <th scope="col">発生箇所</th>
        </tr>
      </thead>
      <tbody>
        {health.newFingerprints.map((f) => (
          <tr key={f.fingerprint}>
            <th scope="row" className="bo-health__message">
              {f.message ?? '（メッセージなし）'}
            </th>
            <td className="bo-nowrap">{f.kind === null ? '—' : (KIND_LABELS[f.kind] ?? f.kind)}</td>
            <td className="bo-num">{count(f.errors)}</td>
            <td>
              <ThrownAt frame={f.frame} mappedFrame={f.mappedFrame} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
