/**
 * An entry's life on the applicant's side (issue 11): resubmitting the documents found inadequate,
 * cancelling, signing the contract, and downloading the signed contract. Each move:
 *
 * - answers only the applicant's own entry (anyone else's, like an unknown id, is 404);
 * - runs in one transaction with the entry's row locked (`SELECT … FOR UPDATE`), so two moves of
 *   the same entry (two tabs, the back office) happen one after the other and the second sees what
 *   the first did;
 * - asks the domain's transition table whether the move is legal from the entry's status
 *   (`nextEntryStatus`) and carries it to the claims (`claimStatusAfterEntryAction`); an illegal
 *   move is 409 with the status and the action in Japanese;
 * - writes an audit row (actor `user:<id>`, the statuses before and after) in the same transaction;
 * - mails the applicant once committed, with a link to the entry's page.
 */

export { resubmitEntry } from './resubmit';
export { cancelEntry } from './cancel';
export { contractEntry, downloadContractDocument } from './contract';
