import { useId } from 'react';
import { ScrollTable } from '../../ui/bits';

/** One line of a chart: a version's values per bucket (null: nothing measured, drawn as a gap). */
export interface ChartSeries {
  readonly key: 'canary' | 'live';
  /** `カナリア 0.1.0-7c31375d08`. */
  readonly label: string;
  readonly values: readonly (number | null)[];
}

/** The two lines never differ by colour alone: the canary solid with circles, the live version dashed with squares. */
export const SERIES_DASH: Record<ChartSeries['key'], string | undefined> = { canary: undefined, live: '6 4' };

const WIDTH = 560;
const HEIGHT = 220;
const PAD = { left: 56, right: 16, top: 14, bottom: 30 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

const HH_MM = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** `2026-11-28T14:05:00Z` → `23:05` (Japan). */
export function formatHhMm(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : HH_MM.format(date);
}

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above `value` (1 for nothing to show): the y axis' top. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * magnitude >= value - 1e-9)!;
  return step * magnitude;
}

/** The SVG path of a line with a gap at every null: a new `M` after each. Empty when nothing is measured. */
export function linePath(values: readonly (number | null)[], x: (i: number) => number, y: (v: number) => number): string {
  let path = '';
  let drawing = false;
  values.forEach((value, i) => {
    if (value === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : path === '' ? 'M' : ' M'}${x(i).toFixed(1)},${y(value).toFixed(1)}`;
    drawing = true;
  });
  return path;
}

/**
 * Indices of the few time labels along the x axis: every `step` buckets from the first (evenly
 * spaced), and the last when it is not crowded by the one before.
 */
export function timeTicks(count: number): number[] {
  if (count <= 4) return Array.from({ length: count }, (_, i) => i);
  const step = Math.ceil((count - 1) / 3);
  const ticks: number[] = [];
  for (let i = 0; i <= count - 1; i += step) ticks.push(i);
  if (count - 1 - ticks[ticks.length - 1]! >= step * 0.75) ticks.push(count - 1);
  return ticks;
}

/**
 * A small line chart drawn by hand: time along x (Japan's HH:mm), two series (canary and live) over
 * the same buckets, a gap where a bucket measured nothing. Scales with its viewBox; named for screen
 * readers by `summary`, and its numbers are in a table under 「数値を表で見る」.
 */
export function HealthChart({
  title,
  summary,
  starts,
  series,
  format,
  formatValue,
}: {
  title: string;
  summary: string;
  starts: readonly string[];
  series: readonly ChartSeries[];
  /** An axis tick's label. */
  format: (value: number) => string;
  /** A value in the table of numbers. */
  formatValue: (value: number) => string;
}) {
  const id = useId();
  const count = starts.length;
  const measured = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const top = niceCeiling(Math.max(0, ...measured));
  const x = (i: number) => PAD.left + (count <= 1 ? PLOT_W / 2 : (i * PLOT_W) / (count - 1));
  const y = (v: number) => PAD.top + PLOT_H - (v / top) * PLOT_H;
  const yTicks = [0, top / 2, top];
  return (
    <figure className="bo-chart">
      <figcaption className="bo-chart__title">{title}</figcaption>
      <ul className="bo-chart__legend">
        {series.map((s) => (
          <li key={s.key}>
            <svg width="28" height="10" aria-hidden="true" focusable="false">
              <line
                className={`bo-chart__line bo-chart__line--${s.key}`}
                x1="1"
                y1="5"
                x2="27"
                y2="5"
                strokeDasharray={SERIES_DASH[s.key]}
              />
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
      <svg className="bo-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} focusable="false">
        <g className="bo-chart__axis" aria-hidden="true">
          {yTicks.map((tick) => (
            <g key={tick}>
              <line className="bo-chart__grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
              <text x={PAD.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                {format(tick)}
              </text>
            </g>
          ))}
          {timeTicks(count).map((i) => (
            <text key={i} x={x(i)} y={HEIGHT - 8} textAnchor={i === 0 ? 'start' : i === count - 1 ? 'end' : 'middle'}>
              {formatHhMm(starts[i]!)}
            </text>
          ))}
        </g>
        {measured.length === 0 && (
          <text className="bo-chart__empty" x={PAD.left + PLOT_W / 2} y={PAD.top + PLOT_H / 2} textAnchor="middle">
            この期間の計測はありません
          </text>
        )}
        {series.map((s) => (
          <g key={s.key} data-series={s.key}>
            <path
              className={`bo-chart__line bo-chart__line--${s.key}`}
              d={linePath(s.values, x, y)}
              strokeDasharray={SERIES_DASH[s.key]}
              fill="none"
            />
            {s.values.map((v, i) =>
              v === null ? null : s.key === 'canary' ? (
                <circle key={i} className={`bo-chart__mark bo-chart__mark--${s.key}`} cx={x(i)} cy={y(v)} r="3" />
              ) : (
                <rect key={i} className={`bo-chart__mark bo-chart__mark--${s.key}`} x={x(i) - 2.5} y={y(v) - 2.5} width="5" height="5" />
              ),
            )}
          </g>
        ))}
      </svg>
      <details className="bo-chart__data">
        <summary>数値を表で見る</summary>
        <ScrollTable labelledBy={`${id}-data`}>
          <caption id={`${id}-data`}>{title}（開始時刻ごと）</caption>
          <thead>
            <tr>
              <th scope="col">開始時刻</th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="bo-num">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {starts.map((start, i) => (
              <tr key={start}>
                <th scope="row">{formatHhMm(start)}</th>
                {series.map((s) => {
                  const v = s.values[i] ?? null;
                  return (
                    <td key={s.key} className="bo-num">
                      {v === null ? 'データなし' : formatValue(v)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </details>
    </figure>
  );
}
