import { useState } from 'react';
import { PAYOUT_CHANGE_MESSAGES, STAFF_DECISION_MESSAGES, type StaffEntryDetail, type StaffSummary } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { BankAccountRows } from '@app/shared/parts';
import {
  CLAIM_STATUS,
  ENTRY_STATUS,
  canApproveEntry,
  claimStatusLabel,
  contractIdentityProblem,
  entryActionsFrom,
  formatYen,
  sumYen,
  type EntryAction,
} from '@app/contracts/domain';
import { addDays, formatDay, formatJst } from '../../../model/format';
import { staffApi } from '../../../staff/api';
import { useAction } from '../../../staff/use-action';
import { ServerMessage } from '../../../ui/bits';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { BoField } from './fields';

type Move = 'markInadequate' | 'reject' | 'transfer' | 'archive';

/** The entry's moves other than approval, with their Japanese labels and whether they ask first. */
const MOVES: Readonly<Record<Move, { label: string; confirm: string | null; danger?: boolean; help: string }>> = {
  markInadequate: {
    label: '不備として差し戻す',
    confirm: null,
    help: '「不備」にした書類の再提出を申込者に依頼します（メールでお知らせします）。',
  },
  reject: {
    label: 'お断りする',
    confirm: 'この申し込みをお断りしますか？',
    danger: true,
    help: '申込者にはお断りしたことをお知らせします。',
  },
  transfer: {
    label: '入金済みにする',
    confirm: '買取金額の入金を記録しますか？',
    help: '契約済みの請求書がお振込み済みになります（メールでお知らせします）。',
  },
  archive: { label: '終了する', confirm: null, help: '期限切れの提示や、完了した取引を終了にします。' },
};
const isMove = (action: EntryAction): action is Move => action in MOVES;

/** Ending an offer the applicant can still sign (issue 23): approvers and admins, with a reason the applicant is mailed. */
const OPEN_OFFER_ARCHIVE = {
  confirm: '契約期限前のご提案を終了しますか？',
  reasonLabel: '終了の理由（申込者にメールでお知らせします）',
  missingReason: '終了の理由を入力してください。',
  help: '契約期限前のため、終了すると申込者は契約できなくなります。理由をメールでお知らせします。',
} as const;

/** Whether the entry's offer can still be signed: approved (reviewed) and its last day to sign today or later. */
const isOfferOpen = (entry: StaffEntryDetail['entry'], today: string): boolean =>
  entry.status === ENTRY_STATUS.reviewed && entry.contract_period !== null && entry.contract_period >= today;

/** Default last day to sign: a week from today (Japan). */
export const defaultContractPeriod = (today: string): string => addDays(today, 7);

/** What the entry's actions (and the approval among them) work on, and where a changed entry goes. */
interface EntryActionProps {
  readonly detail: StaffEntryDetail;
  readonly staff: StaffSummary;
  readonly today: string;
  readonly onChange: (detail: StaffEntryDetail) => void;
}

/**
 * The entry's actions the domain's transition table allows an operator from its status, the
 * approval (approvers and admins; never whoever priced a claim — the server refuses too) and the
 * signed contract. Each control shows the server's refusal verbatim next to it.
 */
export function EntryActions({ detail, staff, today, onChange }: EntryActionProps) {
  const { entry } = detail;
  const allowed = entryActionsFrom(entry.status, 'operator');
  const moves = allowed.filter(isMove);
  const canOfferApproval = allowed.includes('approve') && (staff.role === 'approver' || staff.role === 'admin');
  return (
    <section className="bo-panel bo-stack" aria-labelledby="bo-actions">
      <h2 id="bo-actions">操作</h2>
      {moves.length === 0 && !allowed.includes('approve') && <p className="bo-muted">この状態の申し込みに行える操作はありません。</p>}
      {moves.map((move) => (
        <MoveControl key={move} move={move} detail={detail} staff={staff} today={today} onChange={onChange} />
      ))}
      {allowed.includes('approve') &&
        (canOfferApproval ? (
          <Approval detail={detail} staff={staff} today={today} onChange={onChange} />
        ) : (
          <p className="bo-muted">買取条件の承認は承認者・管理者が行います。</p>
        ))}
      {detail.approval && <p className="bo-small">{`承認：${detail.approval.staff_name}（${formatJst(detail.approval.at)}）`}</p>}
      {entry.contract_period && <p className="bo-small">{`契約期限：${formatDay(entry.contract_period)}`}</p>}
      {entry.has_contract_document && (
        <p>
          <a href={`/api/staff/entries/${entry.id}/contract/document/`} download>
            署名済みの契約書（PDF）をダウンロード
          </a>
        </p>
      )}
    </section>
  );
}

/** What the 入金 confirmation shows beside its button: the amount and the account it goes to (masked). */
function TransferFacts({ detail }: { detail: StaffEntryDetail }) {
  const { entry } = detail;
  const total = sumYen(entry.claims.filter((claim) => claim.status === CLAIM_STATUS.contracted).map((claim) => claim.purchase_amount));
  return (
    <dl className="bo-dl" data-testid="bo-transfer-facts">
      <dt>お振込み額</dt>
      <dd>{total === undefined ? '—' : formatYen(total)}</dd>
      <BankAccountRows account={entry.bank_account} />
    </dl>
  );
}

/**
 * What the approval offers, beside its button: each claim with its 売掛先, face amount, fee, bank
 * charge and purchase amount as saved (the figures the API offers and mails), the claims not
 * bought, the last day to sign, and the total to be paid (the sum of the can_buy claims' purchase
 * amounts, as the API sums it).
 */
export function ApprovalFacts({ detail, contractPeriod }: { detail: StaffEntryDetail; contractPeriod: string }) {
  const { claims } = detail.entry;
  const total = sumYen(claims.filter((claim) => claim.status === CLAIM_STATUS.can_buy).map((claim) => claim.purchase_amount));
  return (
    <div className="bo-approve" data-testid="bo-approve-facts">
      <ul className="bo-approve__claims">
        {claims.map((claim, index) => (
          <li key={claim.id}>
            <p className="bo-approve__claim">{`請求書${index + 1}：${claim.obliger_company_name}`}</p>
            {claim.status === CLAIM_STATUS.can_buy ? (
              <dl className="bo-dl">
                <dt>額面（税込）</dt>
                <dd>{formatYen(claim.amount)}</dd>
                <dt>手数料</dt>
                <dd>{claim.purchase_fee === null ? '—' : formatYen(claim.purchase_fee)}</dd>
                <dt>振込手数料</dt>
                <dd>{claim.bank_charge === null ? '—' : formatYen(claim.bank_charge)}</dd>
                <dt>買取額</dt>
                <dd>{claim.purchase_amount === null ? '—' : formatYen(claim.purchase_amount)}</dd>
              </dl>
            ) : (
              <p className="bo-muted">{`${claimStatusLabel(claim.status) ?? '買取不可'}（買い取りません）`}</p>
            )}
          </li>
        ))}
      </ul>
      <dl className="bo-dl bo-approve__total">
        <dt>契約期限</dt>
        <dd>{formatDay(contractPeriod)}</dd>
        <dt>お振込み額の合計</dt>
        <dd>{total === undefined ? '—' : formatYen(total)}</dd>
      </dl>
    </div>
  );
}

function MoveControl({
  move,
  detail,
  staff,
  today,
  onChange,
}: {
  move: Move;
  detail: StaffEntryDetail;
  staff: StaffSummary;
  today: string;
  onChange: (detail: StaffEntryDetail) => void;
}) {
  const entryId = detail.entry.id;
  const openOffer = move === 'archive' && isOfferOpen(detail.entry, today);
  const spec = openOffer
    ? { ...MOVES.archive, confirm: OPEN_OFFER_ARCHIVE.confirm, danger: true, help: OPEN_OFFER_ARCHIVE.help }
    : MOVES[move];
  // Only an approver or admin ends an open offer (the API refuses a reviewer too).
  const refused = openOffer && staff.role !== 'approver' && staff.role !== 'admin';
  const refusedId = `bo-archive-refused-${entryId}`;
  const needsReason = move === 'reject' || openOffer;
  // A payout account changed after the offer waits for a staff confirmation before any 入金 (the API refuses too).
  const held = move === 'transfer' && detail.entry.payout_hold_at !== null;
  const heldId = `bo-transfer-held-${entryId}`;
  const action = useAction(['reason']);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const ask = () => {
    if (needsReason && reason.trim() === '') {
      setMissingReason(true);
      return;
    }
    setMissingReason(false);
    if (spec.confirm) setAsking(true);
    else send();
  };
  const send = () =>
    action.run(async () => {
      setAsking(false);
      const body = needsReason ? { action: move, reason } : { action: move };
      onChange(await staffApi(endpoints.staff.entries.action, { params: { id: String(entryId) }, body }));
    });
  return (
    <div className="bo-decision">
      {needsReason && !refused && (
        <BoField
          label={openOffer ? OPEN_OFFER_ARCHIVE.reasonLabel : 'お断りの理由（監査ログに残ります）'}
          error={
            missingReason ? (openOffer ? OPEN_OFFER_ARCHIVE.missingReason : 'お断りの理由を入力してください。') : action.fieldErrors.reason
          }
        >
          {(props) => <textarea {...props} value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />}
        </BoField>
      )}
      <div className="bo-actions">
        <button
          type="button"
          className={`button ${spec.danger ? 'button--danger' : 'button--secondary'}`}
          disabled={action.busy || held || refused}
          aria-describedby={held ? heldId : refused ? refusedId : undefined}
          onClick={ask}
        >
          {spec.label}
        </button>
      </div>
      {held && (
        <p className="bo-note" id={heldId}>
          {PAYOUT_CHANGE_MESSAGES.onHold}
        </p>
      )}
      {refused && (
        <p className="bo-note" id={refusedId}>
          {STAFF_DECISION_MESSAGES.archiveOpenOffer}
        </p>
      )}
      <p className="bo-field__hint">{spec.help}</p>
      <ServerMessage message={action.error} />
      {asking && spec.confirm && (
        <ConfirmDialog
          title={spec.confirm}
          confirmLabel={spec.label}
          danger={spec.danger}
          busy={action.busy}
          onConfirm={send}
          onCancel={() => setAsking(false)}
        >
          {needsReason ? <p>{`理由：${reason.trim()}`}</p> : <p>{spec.help}</p>}
          {move === 'transfer' && <TransferFacts detail={detail} />}
        </ConfirmDialog>
      )}
    </div>
  );
}

function Approval({ detail, staff, today, onChange }: EntryActionProps) {
  const [period, setPeriod] = useState(() => defaultContractPeriod(today));
  const [asking, setAsking] = useState(false);
  const action = useAction(['contract_period']);
  const pricedBySelf = detail.pricing.some((p) => p.priced_by.staff_id === staff.id);
  const ready = canApproveEntry(detail.entry.claims.map((c) => c.status));
  // The party must be the person checked (issue 23): the API refuses the same way.
  const identityProblem = contractIdentityProblem(detail.applicant.identity_confirmation, detail.applicant.identity_valid_date, today);
  const blocked = pricedBySelf || !ready || identityProblem !== null;
  const send = () =>
    action.run(async () => {
      setAsking(false);
      onChange(
        await staffApi(endpoints.staff.entries.approve, { params: { id: String(detail.entry.id) }, body: { contract_period: period } }),
      );
    });
  const explanationId = `bo-approve-why-${detail.entry.id}`;
  return (
    <div className="bo-decision">
      <h3>買取条件の承認</h3>
      <BoField label="契約期限（この日まで署名できます）" error={action.fieldErrors.contract_period}>
        {(props) => <input {...props} type="date" min={today} value={period} onChange={(e) => setPeriod(e.target.value)} />}
      </BoField>
      {pricedBySelf && (
        <p className="bo-note" id={explanationId}>
          あなたが買取条件を設定した請求書があるため、承認できません。別の承認者が確認してください。
        </p>
      )}
      {!pricedBySelf && !ready && (
        <p className="bo-field__hint" id={explanationId}>
          すべての請求書の買取可否を決め、買取できる請求書が1件以上あるときに承認できます。
        </p>
      )}
      {!pricedBySelf && ready && identityProblem !== null && (
        <p className="bo-note" id={explanationId}>
          {STAFF_DECISION_MESSAGES.identity[identityProblem]}
        </p>
      )}
      <div className="bo-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={action.busy || blocked}
          aria-describedby={blocked ? explanationId : undefined}
          onClick={() => setAsking(true)}
        >
          承認して申込者に提示する
        </button>
      </div>
      <ServerMessage message={action.error} />
      {asking && (
        <ConfirmDialog
          title="買取条件を承認しますか？"
          confirmLabel="承認する"
          busy={action.busy}
          onConfirm={send}
          onCancel={() => setAsking(false)}
        >
          <p>承認すると申込者に次の買取条件が提示され、メールでお知らせします。</p>
          <ApprovalFacts detail={detail} contractPeriod={period} />
        </ConfirmDialog>
      )}
    </div>
  );
}
