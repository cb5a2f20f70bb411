import type { RemoteHealth } from '@app/contracts/api/releases';

const count = (n: number) => n.toLocaleString('ja-JP');
const rate = (value: number | null) => (value === null ? '—（ページビューなし）' : `${value.toFixed(1)} 件`);
const ms = (value: number | null) => (value === null ? '計測なし' : `${value.toLocaleString('ja-JP')} ms`);
const times = (value: number) => `${value.toLocaleString('ja-JP', { maximumFractionDigits: 2 })} 倍`;

/**
 * The verdict's reasons in Japanese, from the numbers of the answer (the API's `reasons` are the
 * English sentences the release history and the CLI keep): the same rules as judgeCanary
 * (contracts/src/domain/telemetry.ts), said with the thresholds that decided.
 */
export function healthReasons(health: RemoteHealth): string[] {
  const { candidate, baseline, thresholds } = health;
  if (health.verdict === 'not-enough-data') {
    return [
      candidate.sessions < thresholds.minSessions
        ? `カナリアのセッションが ${count(candidate.sessions)} 件で、判定に必要な ${count(thresholds.minSessions)} 件に足りません`
        : null,
      baseline.sessions < thresholds.minSessions
        ? `公開中のセッションが ${count(baseline.sessions)} 件で、判定に必要な ${count(thresholds.minSessions)} 件に足りません`
        : null,
    ].filter((reason) => reason !== null);
  }
  const errorWorse = health.errorRateRatio !== null && health.errorRateRatio > thresholds.maxErrorRatio;
  const lcpWorse = health.lcpRatio !== null && health.lcpRatio > thresholds.maxLcpRatio;
  return [
    `エラー率：1,000 ページビューあたり ${rate(candidate.errorRate)}（公開中 ${rate(baseline.errorRate)}）` +
      (health.errorRateRatio === null
        ? ''
        : `、比 ${times(health.errorRateRatio)}（上限 ${times(thresholds.maxErrorRatio)}${errorWorse ? 'を超えています' : '以内'}）`),
    health.lcpRatio === null
      ? `LCP p75：${ms(candidate.lcpP75)}（公開中 ${ms(baseline.lcpP75)}）、比べられません`
      : `LCP p75：${ms(candidate.lcpP75)}（公開中 ${ms(baseline.lcpP75)}）、比 ${times(health.lcpRatio)}（上限 ${times(thresholds.maxLcpRatio)}${lcpWorse ? 'を超えています' : '以内'}）`,
  ];
}
