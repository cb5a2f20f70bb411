import { useState } from 'react';
import { type Claim, type StaffEntryDetail } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import {
  CLAIM_STATUS,
  CLAIM_STATUS_LABELS,
  ENTRY_STATUS,
  claimActionsFrom,
  claimStatusName,
  formatYen,
  type ClaimAction,
} from '@app/contracts/domain';
import { formatDay, formatJst } from '../../../model/format';
import { staffApi } from '../../../staff/api';
import { useAction } from '../../../staff/use-action';
import { Badge, ServerMessage } from '../../../ui/bits';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { normalizeNumber, previewPricing, type PricingInput } from '../model/pricing';
import { BoField } from './fields';

/** The claim moves staff make after the transfer (`POST /api/staff/claims/{id}/actions/`). */
const AFTER_TRANSFER: Partial<Record<ClaimAction, { label: string; body: 'delay' | 'return'; confirm: string }>> = {
  delay: { label: '支払遅延にする', body: 'delay', confirm: 'この請求書を支払遅延にしますか？' },
  return: { label: '回収済みにする', body: 'return', confirm: 'この請求書を回収済みにしますか？' },
};

/** Each claim: its figures, the pricing form while the entry is under review, and the moves after the transfer. */
export function ClaimsSection({ detail, onChange }: { detail: StaffEntryDetail; onChange: (detail: StaffEntryDetail) => void }) {
  return (
    <section className="bo-panel" aria-labelledby="bo-claims">
      <h2 id="bo-claims">請求書と買取条件</h2>
      {detail.entry.claims.map((claim, index) => (
        <ClaimBox key={claim.id} detail={detail} claim={claim} index={index} onChange={onChange} />
      ))}
    </section>
  );
}

function Figures({ figures, live }: { figures: { principal: string; fee: string; charge: string; amount: string }; live?: boolean }) {
  return (
    <dl className="bo-figures" aria-live={live ? 'polite' : undefined}>
      <div>
        <dt>買取元本</dt>
        <dd>{formatYen(figures.principal)}</dd>
      </div>
      <div>
        <dt>手数料</dt>
        <dd>{formatYen(figures.fee)}</dd>
      </div>
      <div>
        <dt>振込手数料</dt>
        <dd>{formatYen(figures.charge)}</dd>
      </div>
      <div className="bo-figures__total">
        <dt>買取金額（お振込み額）</dt>
        <dd>{formatYen(figures.amount)}</dd>
      </div>
    </dl>
  );
}

function ClaimBox({
  detail,
  claim,
  index,
  onChange,
}: {
  detail: StaffEntryDetail;
  claim: Claim;
  index: number;
  onChange: (detail: StaffEntryDetail) => void;
}) {
  const status = claimStatusName(claim.status);
  const pricedBy = detail.pricing.find((p) => p.claim_id === claim.id)?.priced_by ?? null;
  const actions = claimActionsFrom(claim.status, 'operator');
  // Pricing while the entry is under review: the table's canBuy/cannotBuy from the claim's status,
  // and (the decision endpoint's rule) a decided claim may be decided again until the approval.
  const decided = claim.status === CLAIM_STATUS.can_buy || claim.status === CLAIM_STATUS.cannot_buy;
  const priceable =
    detail.entry.status === ENTRY_STATUS.under_review && (actions.includes('canBuy') || actions.includes('cannotBuy') || decided);
  const afterTransfer = actions.flatMap((a) => (AFTER_TRANSFER[a] ? [AFTER_TRANSFER[a]] : []));
  const headingId = `bo-claim-${claim.id}`;
  return (
    <article className="bo-claim" aria-labelledby={headingId}>
      <div className="bo-group__head">
        <h3 id={headingId}>{`請求書${index + 1}：${claim.obliger_company_name}`}</h3>
        {status && <Badge kind={status}>{CLAIM_STATUS_LABELS[status]}</Badge>}
        <span className="bo-muted bo-small">{claim.code}</span>
      </div>
      <dl className="bo-dl">
        <dt>額面（税込）</dt>
        <dd>{formatYen(claim.amount)}</dd>
        <dt>入金予定額</dt>
        <dd>{formatYen(claim.scheduled_deposit_amount_from_obliger)}</dd>
        <dt>支払期日</dt>
        <dd>{formatDay(claim.obliger_payment_date)}</dd>
        {claim.houjinbangou && (
          <>
            <dt>法人番号</dt>
            <dd>{claim.houjinbangou}</dd>
          </>
        )}
        {pricedBy && (
          <>
            <dt>条件の設定</dt>
            <dd>{`${pricedBy.staff_name}（${formatJst(pricedBy.at)}）`}</dd>
          </>
        )}
      </dl>
      {claim.purchase_principal_amount && claim.purchase_fee && claim.bank_charge && claim.purchase_amount && (
        <div>
          <p className="bo-label">{`保存済みの条件（掛目 ${claim.purchase_ratio ?? '—'}、手数料率 ${claim.purchase_fee_ratio ?? '—'}）`}</p>
          <Figures
            figures={{
              principal: claim.purchase_principal_amount,
              fee: claim.purchase_fee,
              charge: claim.bank_charge,
              amount: claim.purchase_amount,
            }}
          />
        </div>
      )}
      {priceable && <PricingForm claim={claim} onChange={onChange} />}
      {afterTransfer.length > 0 && <ClaimActions claim={claim} moves={afterTransfer} onChange={onChange} />}
    </article>
  );
}

function PricingForm({ claim, onChange }: { claim: Claim; onChange: (detail: StaffEntryDetail) => void }) {
  const [input, setInput] = useState<PricingInput>({
    purchase_ratio: claim.purchase_ratio ?? '',
    purchase_fee_ratio: claim.purchase_fee_ratio ?? '',
    bank_charge: claim.bank_charge ? String(Number(claim.bank_charge)) : '',
  });
  const action = useAction(['purchase_ratio', 'purchase_fee_ratio', 'bank_charge']);
  const preview = previewPricing(claim.amount, input);
  const set = (name: keyof PricingInput) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setInput({ ...input, [name]: event.target.value });
  const errorOf = (name: keyof PricingInput) => action.fieldErrors[name] ?? (preview.ok ? undefined : preview.errors[name]);
  const save = (decision: 'can_buy' | 'cannot_buy') =>
    action.run(async () => {
      const body =
        decision === 'can_buy'
          ? {
              decision,
              purchase_ratio: normalizeNumber(input.purchase_ratio),
              purchase_fee_ratio: normalizeNumber(input.purchase_fee_ratio),
              bank_charge: normalizeNumber(input.bank_charge),
            }
          : { decision };
      onChange(await staffApi(endpoints.staff.claims.decision, { params: { id: String(claim.id) }, body }));
    });
  return (
    <form
      className="bo-decision"
      aria-label={`買取条件（${claim.obliger_company_name}）`}
      onSubmit={(event) => {
        event.preventDefault();
        save('can_buy');
      }}
    >
      <div className="bo-pricing">
        <BoField label="掛目" hint="0より大きく1以下（例：0.8）" error={errorOf('purchase_ratio')}>
          {(props) => <input {...props} inputMode="decimal" value={input.purchase_ratio} onChange={set('purchase_ratio')} />}
        </BoField>
        <BoField label="手数料率" hint="0以上1未満（例：0.05）" error={errorOf('purchase_fee_ratio')}>
          {(props) => <input {...props} inputMode="decimal" value={input.purchase_fee_ratio} onChange={set('purchase_fee_ratio')} />}
        </BoField>
        <BoField label="振込手数料（円）" hint="0円以上の整数" error={errorOf('bank_charge')}>
          {(props) => <input {...props} inputMode="numeric" value={input.bank_charge} onChange={set('bank_charge')} />}
        </BoField>
      </div>
      <div>
        <p className="bo-label">この条件での金額（保存前の試算）</p>
        {preview.ok ? (
          <Figures
            live
            figures={{
              principal: preview.figures.purchase_principal_amount,
              fee: preview.figures.purchase_fee,
              charge: preview.figures.bank_charge,
              amount: preview.figures.purchase_amount,
            }}
          />
        ) : (
          <p className={preview.message ? 'bo-alert' : 'bo-muted'} aria-live="polite">
            {preview.message ?? '掛目・手数料率・振込手数料を入力すると、買取元本・手数料・買取金額を表示します。'}
          </p>
        )}
      </div>
      <ServerMessage message={action.error} />
      <div className="bo-actions">
        <button type="submit" className="button button--primary" disabled={action.busy || !preview.ok}>
          買取可として保存
        </button>
        <button type="button" className="button button--secondary" disabled={action.busy} onClick={() => save('cannot_buy')}>
          買取不可にする
        </button>
      </div>
    </form>
  );
}

function ClaimActions({
  claim,
  moves,
  onChange,
}: {
  claim: Claim;
  moves: readonly { label: string; body: 'delay' | 'return'; confirm: string }[];
  onChange: (detail: StaffEntryDetail) => void;
}) {
  const action = useAction();
  const [asking, setAsking] = useState<(typeof moves)[number] | null>(null);
  const send = (move: (typeof moves)[number]) =>
    action.run(async () => {
      setAsking(null);
      onChange(await staffApi(endpoints.staff.claims.action, { params: { id: String(claim.id) }, body: { action: move.body } }));
    });
  return (
    <div className="bo-decision">
      <ServerMessage message={action.error} />
      <div className="bo-actions">
        {moves.map((move) => (
          <button key={move.body} type="button" className="button button--secondary" disabled={action.busy} onClick={() => setAsking(move)}>
            {move.label}
          </button>
        ))}
      </div>
      {asking && (
        <ConfirmDialog
          title={asking.confirm}
          confirmLabel={asking.label}
          busy={action.busy}
          onConfirm={() => send(asking)}
          onCancel={() => setAsking(null)}
        >
          <p>{`${claim.obliger_company_name}（${claim.code}）`}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
