// The pure parts of `npm run bench` (scripts/bench/index.mjs): arguments, medians, ratios and the
// one table it prints. Unit-tested (table.test.mjs); everything that measures lives beside it.

/** `--only=web|api`, `--quick`, `--no-build`; anything else is an error (a typo must not bench the wrong thing). */
export function parseArgs(argv) {
  const options = { only: undefined, quick: false, build: true };
  for (const arg of argv) {
    if (arg === '--quick') options.quick = true;
    else if (arg === '--no-build') options.build = false;
    else if (arg.startsWith('--only=')) {
      const only = arg.slice('--only='.length);
      if (only !== 'web' && only !== 'api') throw new Error(`--only takes web or api, not ${only}`);
      options.only = only;
    } else throw new Error(`unknown argument ${arg} (npm run bench -- [--only=web|api] [--quick] [--no-build])`);
  }
  return options;
}

/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(values) {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** site ÷ baseline; undefined when the baseline is 0 or missing (no meaningful ratio). */
export function ratio(site, baseline) {
  if (site === undefined || baseline === undefined || baseline === 0) return undefined;
  return site / baseline;
}

/** A figure with its unit: ms, s, KB (from bytes), MB (from bytes), a score (0–1) or a plain number. */
export function formatValue(value, unit) {
  if (value === undefined || Number.isNaN(value)) return '—';
  switch (unit) {
    case 'ms':
      return `${Math.round(value)} ms`;
    case 's':
      return `${(value / 1000).toFixed(2)} s`;
    case 'KB':
      return `${(value / 1024).toFixed(1)} KB`;
    case 'MB':
      return `${(value / 1024 / 1024).toFixed(1)} MB`;
    case 'ms-precise':
      return `${value.toFixed(2)} ms`;
    case 'count':
      return Math.round(value).toLocaleString('en-US');
    case 'score':
      return value.toFixed(2);
    default:
      return value.toFixed(3);
  }
}

/**
 * One Markdown table: `rows` of { name, site, baseline, unit, target? }; the ratio column is
 * site ÷ baseline. `target` (optional) is { check(row) → boolean, text } and fills the last column.
 */
export function formatTable(rows, { baselineName = 'baseline' } = {}) {
  const header = ['measure', 'site', baselineName, 'ratio', 'target'];
  const body = rows.map((row) => {
    const r = ratio(row.site, row.baseline);
    const target = row.target === undefined ? '' : `${row.target.check(row) ? 'met' : 'MISSED'} (${row.target.text})`;
    return [
      row.name,
      formatValue(row.site, row.unit),
      formatValue(row.baseline, row.unit),
      r === undefined ? '—' : `${r.toFixed(2)}×`,
      target,
    ];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((cells) => cells[i].length)));
  const line = (cells) =>
    `| ${cells.map((cell, i) => (i === 0 || i === 4 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 || i === 4 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...body.map(line)].join('\n');
}

/** Rows of the API bench's Markdown table (api/src/scripts/bench-api.ts): endpoint → { rps, p99 }. */
export function parseApiTable(output) {
  const rows = new Map();
  for (const line of output.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 8 || !/^\d+$/.test(cells[2] ?? '')) continue;
    rows.set(cells[1], { rps: Number(cells[2]), p99: Number(cells[4]) });
  }
  return rows;
}

/** The `staff-bench | name | p50 | p95 | baseline p50 | baseline p95 | ok` lines of `bench:staff`. */
export function parseStaffBench(output) {
  const rows = [];
  for (const line of output.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells[0] !== 'staff-bench' || cells.length < 6) continue;
    const [p50, p95, baselineP50, baselineP95] = cells.slice(2, 6).map(Number);
    if ([p50, p95, baselineP50, baselineP95].some((n) => !Number.isFinite(n))) continue;
    rows.push({ name: cells[1], p50, p95, baselineP50, baselineP95 });
  }
  return rows;
}
