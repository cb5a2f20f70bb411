import * as z from 'zod/mini';
import { DateSchema } from './common';
import { addIssue } from './fields';

/**
 * Exports for accounting (issue 25): CSV files of the payouts made and the contracts signed in a
 * period, for approvers and admins. UTF-8 with a BOM (Excel in Japan reads it as such), CRLF line
 * ends, every cell quoted; a cell that begins with `=`, `+`, `-`, `@`, a tab or a CR is neutralised
 * with a leading `'` (CSV injection: a spreadsheet would otherwise run it as a formula). Each
 * download is audited (`staff.export_downloaded`: which, the period, the rows).
 */

/** The longest period one export covers (a year and a day: a leap year's full year). */
export const EXPORT_MAX_DAYS = 366;

export const STAFF_EXPORT_MESSAGES = {
  order: '終了日は開始日と同じか、それより後の日付にしてください。',
  tooLong: `期間は${EXPORT_MAX_DAYS}日以内にしてください。`,
  /** Opened from another site, or a link that did not come from the back office's page. */
  notOwnPage: '管理画面の「ダウンロード」ボタンから開いてください。',
} as const;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: days in Japan, both included. */
export const StaffExportQuerySchema = z.object({ from: DateSchema, to: DateSchema }).check(
  z.superRefine((query, ctx) => {
    const days = dayNumber(query.to) - dayNumber(query.from);
    if (days < 0) addIssue(ctx, STAFF_EXPORT_MESSAGES.order, ['to']);
    else if (days + 1 > EXPORT_MAX_DAYS) addIssue(ctx, STAFF_EXPORT_MESSAGES.tooLong, ['to']);
  }),
);
export type StaffExportQuery = z.output<typeof StaffExportQuerySchema>;

/** What can be exported: the file's name stem and the header row (the API and the page both read it). */
export const STAFF_EXPORTS = {
  payouts: {
    label: '入金（お振込み）一覧',
    file: 'payouts',
    header: [
      '入金日時',
      '申込番号',
      '申込者',
      '請求書の数',
      '額面の合計',
      '手数料の合計',
      '振込手数料の合計',
      'お振込み額（買取額の合計）',
      '振込先口座',
    ],
  },
  contracts: {
    label: '契約一覧',
    file: 'contracts',
    header: ['契約日時', '申込番号', '契約者', '代表者', '請求書の数', '額面の合計', '買取額の合計', '手数料の合計', '契約期限'],
  },
} as const;
export type StaffExportKind = keyof typeof STAFF_EXPORTS;
