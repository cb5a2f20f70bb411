/**
 * The contracting party of an offer (issue 23): fixed at the approval from the applicant whose
 * identity was checked, printed by the contract page and the PDF, and protected while the offer is
 * open (the profile refuses changes to it).
 */
import type { ContractParty } from '@app/contracts';
import { ENTRY_STATUS } from '@app/contracts/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../context';
import {
  auditLog,
  entries,
  users,
  type ContractPartyAddressRecord,
  type ContractPartyRecord,
  type EntryRow,
  type User,
} from '../../db/schema';
import { notFound } from '../../http/errors';

/** The applicant's row, locked until the transaction ends: a profile save waits for the approval, or the approval for it. */
export async function lockApplicant(tx: Db, userId: number): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (user === undefined) throw notFound();
  return user;
}

/** The party as it stands now (the approval's snapshot), with the time of the identity's last review. */
export async function contractPartyOf(tx: Db, user: User, entry: EntryRow): Promise<ContractPartyRecord> {
  const [review] = await tx
    .select({ at: auditLog.occurredAt })
    .from(auditLog)
    .where(and(eq(auditLog.event, 'identity.reviewed'), eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, String(user.id))))
    .orderBy(desc(auditLog.occurredAt))
    .limit(1);
  const live = livePartyOf(user, entry);
  return { ...live, identity: { ...live.identity, reviewed_at: review?.at.toISOString() ?? null } };
}

/** The party from the live row (without the review time): an offer approved before issue 23 has no snapshot, and prints this, as then. */
export function livePartyOf(user: User, entry: EntryRow): ContractPartyRecord {
  return {
    corporate_division: user.corporateDivision,
    company_name: user.companyName,
    last_name: user.lastName,
    first_name: user.firstName,
    email: user.email,
    office: {
      zipcode: user.officeZipcode,
      prefecture: user.officePrefecture,
      city: user.officeCity,
      building_number: user.officeBuildingNumber,
    },
    owner: {
      zipcode: user.ownerZipcode,
      prefecture: user.ownerPrefecture,
      city: user.ownerCity,
      building_number: user.ownerBuildingNumber,
    },
    identity: {
      document_type: user.identityDocumentType,
      confirmation: user.identityConfirmation,
      valid_date: user.identityValidDate,
      reviewed_at: null,
    },
    bank_account: entry.bankAccount,
  };
}

/** The address the contract prints: the office's for a corporation, the owner's otherwise. */
const printedAddress = (party: ContractPartyRecord): ContractPartyAddressRecord =>
  party.corporate_division === 'corporate' ? party.office : party.owner;

/** The address the contract prints, as one line: `〒150-0002 東京都 渋谷区…`. */
export function partyAddress(party: ContractPartyRecord): string {
  const address = printedAddress(party);
  const zip = address.zipcode;
  const postal = /^\d{7}$/.test(zip) ? `〒${zip.slice(0, 3)}-${zip.slice(3)} ` : zip === '' ? '' : `〒${zip} `;
  return `${postal}${[address.prefecture, address.city, address.building_number].filter((part) => part !== '').join(' ')}`.trim();
}

/** Whether the applicant has an open offer (reviewed: approved, not yet signed, cancelled or archived). */
export async function hasOpenOffer(tx: Db, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ found: sql<number>`1` })
    .from(entries)
    .where(and(eq(entries.userId, userId), eq(entries.status, ENTRY_STATUS.reviewed)))
    .limit(1);
  return row !== undefined;
}

/** Statuses whose entry shows its party: the offer and the contract after it. */
const PARTY_SHOWN: ReadonlySet<number> = new Set([ENTRY_STATUS.reviewed, ENTRY_STATUS.contracted, ENTRY_STATUS.transferred]);

/**
 * The party as the applicant's entry shows it (`contract_party`): the approval's snapshot on an
 * offer and a contract (an archived entry only when it was signed); null otherwise, and on offers
 * approved before issue 23 (no snapshot). Names and the printed address only: the identity review
 * and the e-mail address stay with the staff.
 */
export function contractPartyView(row: EntryRow): ContractParty | null {
  const party = row.contractParty;
  if (party === null || !(PARTY_SHOWN.has(row.status) || row.contractedAt !== null)) return null;
  const { zipcode, prefecture, city, building_number } = printedAddress(party);
  return {
    corporate_division: party.corporate_division,
    company_name: party.company_name,
    last_name: party.last_name,
    first_name: party.first_name,
    address: { zipcode, prefecture, city, building_number },
  };
}
