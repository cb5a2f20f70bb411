/**
 * The back office's decisions on an entry (issue 11): document groups, claims' terms, the entry's
 * moves (markInadequate, reject, transfer, archive), the second-person approval, a transferred
 * claim's delay or return, and the signed contract's download.
 *
 * Every change runs in one transaction that first locks the entry's row (`SELECT … FOR UPDATE`),
 * so two staff members acting on one entry at once are served one after the other and the second
 * sees the first's result (a move no longer legal is 409). The audit row (actor `staff:<id>`,
 * subject the entry, `before`/`after`) is written in the same transaction; the applicant's mail
 * leaves after the commit. Every status move is asked of the domain's transition table
 * (`nextEntryStatus`, `claimStatusAfterEntryAction`, `nextClaimStatus`), never decided here.
 */

export { reviewDocument } from './documents';
export { assignEntry } from './assignment';
export { decideClaim, moveClaim } from './claims';
export { describeInadequateDocuments, moveEntry } from './entry-moves';
export { approveEntry, contractDocumentForStaff } from './approval';
