import { and, eq } from 'drizzle-orm';
import { ENTRY_LIFE_MESSAGES, type Entry } from '@app/contracts';
import { CLAIM_STATUS, contractIdentityProblem, parseYen } from '@app/contracts/domain';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { entries, users, type ClaimRow, type ContractPartyRecord, type EntryRow, type User } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { entryContractedMail } from '../../mail/templates';
import { notifyStaffSoon } from '../staff-notify/digest';
import { renderContractPdf, type ContractDocumentInput } from '../contract-document/render';
import { sendContractDocument, storeContractDocument } from '../contract-document/store';
import { dayInJapan } from '../../accounts/users';
import { livePartyOf, partyAddress } from './contract-party';
import { getEntry } from './service';
import {
  entryLink,
  lockEntry,
  claimsOf,
  moveOrConflict,
  claimMoves,
  applyClaimMoves,
  auditClaims,
  person,
  writeEntryAudit,
} from './life-support';

// POST /api/entries/{id}/contract/
// ---------------------------------------------------------------------------------------------

/** `〒150-0002 東京都渋谷区…`: the address the contract names (the office of a corporation, else the owner's). */
/** What the contract PDF prints of the entry, the applicant and the claims bought. */
function contractInput(entry: EntryRow, party: ContractPartyRecord, bought: readonly ClaimRow[], at: Date): ContractDocumentInput {
  return {
    contractedAt: at,
    entryCode: entry.code,
    applicant: {
      companyName: party.corporate_division === 'corporate' ? party.company_name : '',
      name: `${party.last_name} ${party.first_name}`.trim(),
      address: partyAddress(party),
      email: party.email,
    },
    bankAccount: entry.bankAccount,
    claims: bought.map((claim) => ({
      code: claim.code,
      obligerCompanyName: claim.obligerCompanyName,
      amount: claim.amount,
      obligerPaymentDate: claim.obligerPaymentDate,
      purchaseRatio: claim.purchaseRatio,
      purchasePrincipalAmount: claim.purchasePrincipalAmount,
      purchaseFeeRatio: claim.purchaseFeeRatio,
      purchaseFee: claim.purchaseFee,
      bankCharge: claim.bankCharge,
      purchaseAmount: claim.purchaseAmount,
    })),
  };
}

/** The sum of whole-yen amounts (a missing one counts 0), as a decimal string. */
const sumYen = (values: readonly (string | null)[]): string =>
  values.reduce((sum, value) => sum + BigInt(parseYen(value)?.toFixed(0) ?? '0'), 0n).toString();

/**
 * `POST /api/entries/{id}/contract/` (`agreed: true`: the contract's schema refuses anything else
 * with 400 before this runs, so the body says nothing more): only a reviewed entry (409
 * otherwise), and not after its offer's last day in Japan (`contract_period`, 409 `offerExpired`;
 * an offer without one has no last day). The entry is contracted (`contracted_at`), its can-buy claims contracted (the
 * others keep their status), and the signed contract PDF is rendered and stored (before the
 * commit: a contract without its document never exists; should the commit fail, the object is
 * removed). Mail: the contract, with the total to be paid.
 */
export async function contractEntry(ctx: AppContext, user: User, id: number): Promise<Entry> {
  const now = ctx.now();
  let storedKey: string | null = null;
  let result: { entry: EntryRow; owner: User; bought: ClaimRow[] };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const entry = await lockEntry(tx, user, id);
      const next = moveOrConflict(entry, 'contract');
      if (entry.contractPeriod !== null && entry.contractPeriod < dayInJapan(now))
        throw new ApiError(409, { detail: ENTRY_LIFE_MESSAGES.offerExpired });
      const [owner] = await tx.select().from(users).where(eq(users.id, user.id));
      if (owner === undefined) throw notFound();
      // Signing re-checks the identity (issue 23): expired since the approval, or no longer confirmed → refused.
      if (contractIdentityProblem(owner.identityConfirmation, owner.identityValidDate, dayInJapan(now)) !== null)
        throw new ApiError(409, { detail: ENTRY_LIFE_MESSAGES.identityInvalid });
      // The contract binds the party approved, never the live row (which an offer approved before issue 23 still prints).
      const party = entry.contractParty ?? livePartyOf(owner, entry);
      const claimRows = await claimsOf(tx, entry.id);
      const moves = claimMoves('contract', claimRows);
      const bought = claimRows.filter((claim) => moves.find((move) => move.id === claim.id)?.after === CLAIM_STATUS.contracted);

      const pdf = await renderContractPdf(contractInput(entry, party, bought, now));
      storedKey = await storeContractDocument(ctx.storage, entry.id, pdf);

      await tx
        .update(entries)
        .set({ status: next, contractedAt: now, contractDocumentKey: storedKey, updatedAt: now })
        .where(eq(entries.id, entry.id));
      await applyClaimMoves(tx, moves, now);
      await writeEntryAudit(
        tx,
        'entry.contracted',
        { at: now, user, entry },
        {
          agreed: true,
          contract_period: entry.contractPeriod,
          contract_document_key: storedKey,
          contract_document_bytes: pdf.length,
          purchase_amount: sumYen(bought.map((claim) => claim.purchaseAmount)),
          before: { status: entry.status, contracted_at: null, claims: auditClaims(moves, 'before') },
          after: { status: next, contracted_at: now.toISOString(), claims: auditClaims(moves, 'after') },
        },
      );
      return { entry, owner, bought };
    });
  } catch (error) {
    if (storedKey !== null) await ctx.storage.delete(storedKey).catch(() => undefined);
    throw error;
  }

  const { entry, owner, bought } = result;
  ctx.mailer.sendInBackground(
    entryContractedMail({
      ...person(owner),
      at: now,
      code: entry.code,
      purchaseAmount: sumYen(bought.map((claim) => claim.purchaseAmount)),
      url: entryLink(ctx, entry.id),
    }),
  );
  notifyStaffSoon(ctx);
  return getEntry(ctx, user, entry.id);
}

// ---------------------------------------------------------------------------------------------
// GET /api/entries/{id}/contract/document/
// ---------------------------------------------------------------------------------------------

/** `GET /api/entries/{id}/contract/document/`: the owner's signed contract PDF (404 before the contract). */
export async function downloadContractDocument(ctx: AppContext, reply: FastifyReply, user: User, id: number): Promise<Readable> {
  const [row] = await ctx.db
    .select({ code: entries.code, contractDocumentKey: entries.contractDocumentKey })
    .from(entries)
    .where(and(eq(entries.id, id), eq(entries.userId, user.id)));
  if (row === undefined) throw notFound();
  return sendContractDocument(ctx, reply, row);
}
