import { isAuditEventName, type AuditEventName, type StaffAuditEvent } from '@app/contracts';
import { DOCUMENT_GROUP_LABELS, IDENTITY_DOCUMENT_RULES, isIdentityDocumentType, type DocumentGroup } from '@app/contracts/domain';
import { formatJst } from './format';
import {
  change,
  claimStatus,
  day,
  entryStatus,
  id,
  list,
  quoted,
  ratio,
  record,
  reviewLabel,
  text,
  yen,
  type Values,
} from './history-values';

/**
 * The back office's history in words (issue 25): one formatter per audit event, in one place.
 * Every event the API can write (`AUDIT_EVENT_NAMES`) has one — the table is a
 * `Record<AuditEventName, …>`, so a new event without words fails the typecheck — and an event
 * this page does not know yet (a newer API) still reads as words. Nothing here prints a status
 * code, a key of the record or JSON: statuses by the domain's labels, amounts in yen, days in
 * Japanese, documents by the names the applicant sees (請求書1 株式会社…宛の請求書, 入出金明細).
 * A record written before it carried what names its document says so plainly.
 */

/** A claim of the entry, in the entry's order (請求書1, 請求書2, …). */
export interface HistoryClaim {
  readonly id: number;
  readonly obliger_company_name: string;
}

/** What the words need beside the record: the entry's claims, to name a claim by its place and 売掛先. */
export interface HistoryContext {
  readonly claims: readonly HistoryClaim[];
}

/** One history row in words: what was done, to which document or claim (if any), what changed. */
export interface HistoryWords {
  readonly action: string;
  readonly target: string | null;
  readonly details: readonly string[];
}

type HistoryEvent = Pick<StaffAuditEvent, 'event' | 'before' | 'after' | 'data'>;
type Formatter = (event: HistoryEvent, context: HistoryContext) => HistoryWords;

/** When the record does not say what its document or claim was (written before it did). */
export const NO_TARGET = '対象の記録なし';
/** The words of an event this page has no formatter for. */
export const UNKNOWN_EVENT = 'その他の記録';

// ---------------------------------------------------------------------------------------------
// Naming documents and claims
// ---------------------------------------------------------------------------------------------

/** `請求書1 株式会社サンプル商事宛` — the claim by its place in the entry and its 売掛先; by its code (or honestly nothing) when unknown. */
function claimName(claimId: unknown, context: HistoryContext, code?: unknown): string {
  const index = context.claims.findIndex((claim) => claim.id === id(claimId));
  const claim = context.claims[index];
  if (claim !== undefined) return `請求書${index + 1} ${claim.obliger_company_name}宛`;
  const known = text(code);
  return known === null ? `請求書（${NO_TARGET}）` : `請求書（${known}）`;
}

const isDocumentGroup = (value: unknown): value is DocumentGroup =>
  typeof value === 'string' && Object.hasOwn(DOCUMENT_GROUP_LABELS, value);

/** The document a decision was about, as the applicant reads it: 入出金明細, 請求書1 株式会社…宛の請求書; null when the record does not say. */
function documentName(group: unknown, claimId: unknown, context: HistoryContext): string | null {
  if (!isDocumentGroup(group)) return null;
  if (group === 'withdrawals_detail' || group === 'financial_statements') return DOCUMENT_GROUP_LABELS[group];
  return `${claimName(claimId, context)}の${DOCUMENT_GROUP_LABELS[group]}`;
}

/** `本人確認書類（運転免許証）`, or `本人確認書類` when the record does not say which. */
const identityDocumentName = (type: unknown): string =>
  isIdentityDocumentType(type) ? `本人確認書類（${IDENTITY_DOCUMENT_RULES[type].label}）` : '本人確認書類';

// ---------------------------------------------------------------------------------------------
// Pieces several events share
// ---------------------------------------------------------------------------------------------

/** `状態 審査中 → 書類の不備あり` from before/after `status` (an entry's). */
const entryStatusChange = (event: HistoryEvent): string[] =>
  change(
    '状態',
    event.before?.status === undefined ? null : entryStatus(event.before.status),
    event.after?.status === undefined ? null : entryStatus(event.after.status),
  );

/** Each claim whose status moved: `請求書1 株式会社…宛 買取可 → ご契約済み`. */
function claimMoves(event: HistoryEvent, context: HistoryContext): string[] {
  const before = list(event.before?.claims).flatMap((item): Values[] => {
    const claim = record(item);
    return claim === null ? [] : [claim];
  });
  return list(event.after?.claims).flatMap((item) => {
    const after = record(item);
    if (after === null) return [];
    const previous = before.find((claim) => claim.id === after.id);
    if (previous?.status === after.status) return [];
    return change(
      claimName(after.id, context, after.code),
      previous === undefined ? null : claimStatus(previous.status),
      claimStatus(after.status),
    );
  });
}

/** A move of the entry with its claims: the action, `状態 … → …`, each claim moved, then what else it says. */
const entryMove =
  (action: string, extra: (event: HistoryEvent, context: HistoryContext) => string[] = () => []): Formatter =>
  (event, context) => ({
    action,
    target: null,
    details: [...entryStatusChange(event), ...claimMoves(event, context), ...extra(event, context)],
  });

/** An event that needs no more than its name. */
const label =
  (action: string): Formatter =>
  () => ({ action, target: null, details: [] });

/** The terms of a claim in `claim.decided`, before → after, in the order the reviewer sets them. */
const CLAIM_TERMS: readonly { key: string; label: string; read: (value: unknown) => string | null }[] = [
  { key: 'purchase_ratio', label: '掛目', read: ratio },
  { key: 'purchase_fee_ratio', label: '手数料率', read: ratio },
  { key: 'bank_charge', label: '振込手数料', read: yen },
  { key: 'purchase_principal_amount', label: '買取元本', read: yen },
  { key: 'purchase_fee', label: '手数料', read: yen },
  { key: 'purchase_amount', label: '買取額', read: yen },
];

function claimTerms(event: HistoryEvent): string[] {
  const before = event.before ?? {};
  const after = event.after ?? {};
  return CLAIM_TERMS.flatMap((term) => {
    const from = term.read(before[term.key]);
    const to = term.read(after[term.key]);
    if (from !== null && to === null) return [`${term.label} ${from} → なし`];
    return change(term.label, from, to);
  });
}

/** The documents a record lists (`{group, claim_id}`), by name; the ones it cannot name counted honestly. */
function documentsListed(items: readonly unknown[], context: HistoryContext): string[] {
  const names = items.map((item) => documentName(record(item)?.group, record(item)?.claim_id, context) ?? NO_TARGET);
  return [...new Set(names)];
}

// ---------------------------------------------------------------------------------------------
// One formatter per event
// ---------------------------------------------------------------------------------------------

export const HISTORY_FORMATTERS: Readonly<Record<AuditEventName, Formatter>> = {
  'account.registered': label('会員登録'),
  'account.registration_withdrawn': label('会員登録の取り消し（確認メールを送れなかったため）'),
  'account.registration_replaced': label('会員登録のやり直し'),
  'account.registration_purged': label('確認されなかった会員登録の削除'),
  'account.activated': label('会員登録の完了（メールアドレスの確認）'),
  'account.logged_in': label('ログイン'),
  'account.login_failed': label('ログインの失敗'),
  'account.logged_out': label('ログアウト'),
  'account.session_revoked': label('ほかの端末のログアウト'),
  'account.logged_out_everywhere': label('すべての端末からのログアウト'),
  'account.password_changed': label('パスワードの変更'),
  'account.password_reset_requested': label('パスワード再設定の依頼'),
  'account.password_reset': label('パスワードの再設定'),
  'account.profile_updated': label('登録情報の変更'),
  'account.segment_changed': (event) => ({
    action: 'ユーザーセグメントの変更',
    target: null,
    details: change('セグメント', text(event.before?.user_segment) ?? 'なし', text(event.after?.user_segment) ?? 'なし'),
  }),
  'system_settings.changed': label('システム設定の変更'),
  'upload.created': label('ファイルのアップロード'),
  'upload.deleted': label('ファイルの削除'),
  'upload.delinquency_activated': label('ファイルの提出の確定'),
  'identity.submitted': (event) => ({
    action: '本人確認書類の提出',
    target: identityDocumentName(event.after?.identity_document_type),
    details: change(
      '本人確認',
      event.before?.identity_confirmation === undefined ? null : reviewLabel(event.before.identity_confirmation),
      event.after?.identity_confirmation === undefined ? null : reviewLabel(event.after.identity_confirmation),
    ),
  }),
  'identity.reviewed': (event) => ({
    action: '本人確認の判定',
    target: identityDocumentName(event.data.identity_document_type),
    details: [
      ...change(
        '本人確認',
        event.before?.identity_confirmation === undefined ? null : reviewLabel(event.before.identity_confirmation),
        event.after?.identity_confirmation === undefined ? null : reviewLabel(event.after.identity_confirmation),
      ),
      ...change('有効期限', day(event.before?.identity_valid_date), day(event.after?.identity_valid_date)),
      ...quoted('不備の理由', event.data.reason),
    ],
  }),
  'account.mail_change_requested': label('メールアドレス変更の依頼'),
  'account.mail_changed': label('メールアドレスの変更'),
  'pre_entry.answered': label('事前確認への回答'),
  'entry.created': (event, context) => {
    const count = list(event.data.claims).length;
    return {
      action: 'お申し込み',
      target: null,
      details: [
        ...(text(event.data.code) === null ? [] : [`申込番号 ${String(event.data.code)}`]),
        ...(count === 0 ? [] : [`請求書 ${count}件`]),
        ...list(event.data.claims).flatMap((item) => claimName(record(item)?.id, context, record(item)?.code)),
      ],
    };
  },
  'entry.resubmitted': entryMove('書類の再提出', (event, context) => {
    const documents = documentsListed(list(event.data.files), context);
    return documents.length === 0 ? [] : [`再提出した書類：${documents.join('、')}`];
  }),
  'entry.cancelled': entryMove('申込者による取り消し'),
  'entry.contracted': entryMove('契約（署名）', (event) => [
    ...change('買取額の合計', null, yen(event.data.purchase_amount)),
    ...change('契約期限', null, day(event.data.contract_period)),
  ]),
  'entry.bank_account_changed': (event) => ({
    action: '振込先口座の変更（入金保留）',
    target: null,
    details: change('振込先口座', text(event.before?.bank_account), text(event.after?.bank_account)),
  }),
  'staff.created': label('スタッフの追加'),
  'staff.disabled': label('スタッフの利用停止'),
  'staff.totp_reset': label('スタッフの二段階認証のやり直し'),
  'staff.logged_in': label('スタッフのログイン'),
  'staff.login_failed': label('スタッフのログインの失敗'),
  'staff.logged_out': label('スタッフのログアウト'),
  'staff.export_downloaded': (event) => ({
    action: '会計用データのダウンロード',
    target: event.data.export === 'payouts' ? '入金一覧' : event.data.export === 'contracts' ? '契約一覧' : null,
    details: [
      `期間 ${text(event.data.from) ?? '—'} 〜 ${text(event.data.to) ?? '—'}`,
      `${Number(event.data.rows ?? 0).toLocaleString('ja-JP')}件`,
    ],
  }),
  'staff.notified': (event) => ({
    action: '審査担当へのお知らせメール',
    target:
      event.data.kind === 'received'
        ? '新しいお申し込み'
        : event.data.kind === 'resubmitted'
          ? '書類の再提出'
          : event.data.kind === 'contracted'
            ? '契約の締結'
            : null,
    details: [`${Number(event.data.count ?? 0).toLocaleString('ja-JP')}件`],
  }),
  'upload.viewed_by_staff': (event) => ({
    action: 'ファイルの閲覧（スタッフ）',
    target: text(event.data.name),
    details: [],
  }),
  'entry.document_reviewed': (event, context) => {
    const target = documentName(event.data.group, event.data.claim_id, context);
    return {
      action: target === null ? `書類の判定（${NO_TARGET}）` : '書類の判定',
      target,
      details: [
        ...change(
          '判定',
          event.before?.confirmation_status === undefined ? null : reviewLabel(event.before.confirmation_status),
          event.after?.confirmation_status === undefined ? null : reviewLabel(event.after.confirmation_status),
        ),
        ...quoted('差し戻しの理由', event.after?.reason),
      ],
    };
  },
  'claim.decided': (event, context) => ({
    action: '買取可否の判定',
    target: claimName(event.data.claim_id, context, event.data.claim_code),
    details: [
      ...change(
        '判定',
        event.before?.status === undefined ? null : claimStatus(event.before.status),
        event.after?.status === undefined ? null : claimStatus(event.after.status),
      ),
      ...claimTerms(event),
    ],
  }),
  'entry.marked_inadequate': entryMove('不備として差し戻し', (event, context) => {
    const items = list(event.data.documents);
    return items.map((item) => {
      const name = documentName(record(item)?.group, record(item)?.claim_id, context) ?? NO_TARGET;
      const reason = text(record(item)?.reason);
      return reason === null ? `差し戻した書類：${name}` : `差し戻した書類：${name}（理由「${reason}」）`;
    });
  }),
  'entry.rejected': entryMove('お断り', (event) => quoted('お断りの理由', event.data.reason)),
  'entry.transferred': entryMove('入金'),
  'entry.archived': entryMove('終了', (event) => [
    ...(event.data.offerOpen === true ? ['契約期限前にご提案を終了'] : []),
    ...quoted('終了の理由', event.data.reason),
  ]),
  'entry.assignee_changed': (event) => {
    const before = text(event.before?.staff_name) ?? 'なし';
    const after = text(event.after?.staff_name) ?? 'なし';
    return { action: after === 'なし' ? '担当を外す' : '担当', target: null, details: [`担当 ${before} → ${after}`] };
  },
  'entry.approved': (event, context) => ({
    action: '買取条件の承認',
    target: null,
    details: [
      ...entryStatusChange(event),
      ...change('契約期限', day(event.before?.contract_period), day(event.after?.contract_period)),
      ...list(event.data.claims).flatMap((item) => {
        const claim = record(item);
        const amount = yen(claim?.purchase_amount);
        return amount === null ? [] : [`${claimName(claim?.id, context, claim?.code)} 買取額 ${amount}`];
      }),
      ...change('買取額の合計', null, yen(event.data.purchase_amount)),
    ],
  }),
  'claim.delayed': (event, context) => ({
    action: '支払遅延',
    target: claimName(event.data.claim_id, context, event.data.claim_code),
    details: change('状態', claimStatusOrNull(event.before?.status), claimStatusOrNull(event.after?.status)),
  }),
  'claim.returned': (event, context) => ({
    action: '回収',
    target: claimName(event.data.claim_id, context, event.data.claim_code),
    details: change('状態', claimStatusOrNull(event.before?.status), claimStatusOrNull(event.after?.status)),
  }),
  'entry.bank_account_confirmed': (event) => ({
    action: '変更後の振込先口座の確認（入金の保留を解除）',
    target: null,
    details: change('振込先口座', text(event.data.previous), text(event.data.bank_account)),
  }),
  'entry.contract_viewed_by_staff': label('契約書の閲覧（スタッフ）'),
  'applicant.note_added': label('スタッフメモの追加'),
};

function claimStatusOrNull(value: unknown): string | null {
  return value === undefined ? null : claimStatus(value);
}

/** The row in words; an event this page does not know still reads as words (its record is behind the admins' toggle). */
export function describeHistoryEvent(event: HistoryEvent, context: HistoryContext): HistoryWords {
  return isAuditEventName(event.event)
    ? HISTORY_FORMATTERS[event.event](event, context)
    : { action: UNKNOWN_EVENT, target: null, details: [] };
}

/** When, in Japan's time (`2026/11/20 10:02`). */
export const historyTime = (event: Pick<StaffAuditEvent, 'occurred_at'>): string => formatJst(event.occurred_at);
