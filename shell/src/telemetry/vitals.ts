/**
 * The lazy part of field telemetry: the `web-vitals` package (LCP, INP, CLS, TTFB), loaded once the
 * first page has mounted, its files have loaded and the browser is idle (install.ts), in a chunk of
 * its own, so it never competes with the first paint.
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { WebVital } from '@app/contracts/domain/telemetry';

export type ReportVital = (name: WebVital, value: number) => void;

export function observeVitals(report: ReportVital): void {
  const each = (metric: Metric) => report(metric.name as WebVital, metric.value);
  onLCP(each);
  onINP(each);
  onCLS(each);
  onTTFB(each);
}
