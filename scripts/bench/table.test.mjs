import { describe, expect, it } from 'vitest';
import { formatTable, formatValue, median, parseApiTable, parseArgs, parseStaffBench, ratio } from './table.mjs';

describe('npm run bench: pure parts', () => {
  it('takes the median of odd and even counts, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(() => median([])).toThrow(/nothing/);
  });

  it('gives site ÷ baseline, and no ratio against 0 or a missing figure', () => {
    expect(ratio(150, 100)).toBe(1.5);
    expect(ratio(1, 0)).toBeUndefined();
    expect(ratio(undefined, 3)).toBeUndefined();
  });

  it('formats each unit', () => {
    expect(formatValue(1536, 'KB')).toBe('1.5 KB');
    expect(formatValue(1234.4, 'ms')).toBe('1234 ms');
    expect(formatValue(1500, 's')).toBe('1.50 s');
    expect(formatValue(20 * 1024 * 1024, 'MB')).toBe('20.0 MB');
    expect(formatValue(0.955, 'score')).toBe('0.95');
    expect(formatValue(undefined, 'ms')).toBe('—');
  });

  it('prints one aligned Markdown table with the ratio and the target verdict', () => {
    const table = formatTable(
      [
        {
          name: '/ LCP (mobile)',
          site: 1200,
          baseline: 1000,
          unit: 'ms',
          target: { check: (r) => r.site / r.baseline <= 1.1, text: '≤ 1.1×' },
        },
        { name: 'JS on /', site: 150 * 1024, baseline: 0, unit: 'KB' },
      ],
      { baselineName: 'plain SPA' },
    );
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^\| measure +\| +site \| plain SPA \| ratio \| target +\|$/);
    expect(lines[2]).toContain('1200 ms');
    expect(lines[2]).toContain('1.20×');
    expect(lines[2]).toContain('MISSED (≤ 1.1×)');
    expect(lines[3]).toContain('—');
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });

  it('parses the flags and refuses unknown ones', () => {
    expect(parseArgs([])).toEqual({ only: undefined, quick: false, build: true });
    expect(parseArgs(['--only=web', '--quick', '--no-build'])).toEqual({ only: 'web', quick: true, build: false });
    expect(() => parseArgs(['--only=db'])).toThrow(/web or api/);
    expect(() => parseArgs(['--fast'])).toThrow(/unknown argument/);
  });

  it('reads the API bench table: req/s and p99 by endpoint, skipping header and rule', () => {
    const output = [
      '[bench] round 1: …',
      '| endpoint | req/s | p50 ms | p99 ms | failed | × bare | server CPU µs/req | PostgreSQL CPU µs/req | target |',
      '|----------|------:|-------:|-------:|-------:|-------:|------:|------:|------:|',
      '| bare: session + user join | 17000 | 1.50 | 4.10 | 0 | (baseline) | 50 | 20 |  |',
      '| POST /api/me/ (logged in) | 14000 | 2.00 | 6.25 | 0 | 0.82× | 60 | 20 | met |',
    ].join('\n');
    const rows = parseApiTable(output);
    expect([...rows.keys()]).toEqual(['bare: session + user join', 'POST /api/me/ (logged in)']);
    expect(rows.get('POST /api/me/ (logged in)')).toEqual({ rps: 14000, p99: 6.25 });
  });

  it('reads the back office bench lines: p50 and p95 with the baseline’s, skipping anything else', () => {
    const output = [
      'seeded 10,000 applicants and 20,000 entries in 3.2 s',
      'staff-bench | GET /api/staff/entries/ (the queue, 審査中) | 8.51 | 12.59 | 1.99 | 3.12 | ok',
      'staff-bench | broken | x | 1 | 2 | 3 | ok',
      '40 rounds each, 11.4 s; limit p95 ≤ 50 ms',
    ].join('\n');
    expect(parseStaffBench(output)).toEqual([
      { name: 'GET /api/staff/entries/ (the queue, 審査中)', p50: 8.51, p95: 12.59, baselineP50: 1.99, baselineP95: 3.12 },
    ]);
  });
});
