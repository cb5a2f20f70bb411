import type { ContractParty, ContractPartyAddress } from '@app/contracts';
import { FactsSection } from './page-section';

/** `〒100-0001 東京都 千代田区千代田 1-1`: the address as the contract PDF prints it. */
export function partyAddressText({ zipcode, prefecture, city, building_number }: ContractPartyAddress): string {
  const postal = /^\d{7}$/.test(zipcode) ? `〒${zipcode.slice(0, 3)}-${zipcode.slice(3)}` : zipcode === '' ? '' : `〒${zipcode}`;
  return [postal, prefecture, city, building_number].filter((part) => part !== '').join(' ');
}

/**
 * The contracting party fixed at the approval (`entry.contract_party`, issue 23), as rows of a
 * `<dl>`: who the contract names — never the live profile. A corporation: 契約者 (the company),
 * 代表者, 所在地 (the office). Anyone else: 契約者 (the person), 屋号 when the profile held one,
 * 住所 (the owner's address), as the contract PDF names them.
 */
export function ContractPartyRows({ party }: { readonly party: ContractParty }) {
  const person = [party.last_name, party.first_name].filter((part) => part !== '').join(' ');
  const address = partyAddressText(party.address);
  if (party.corporate_division === 'corporate') {
    return (
      <>
        <dt>契約者</dt>
        <dd>{party.company_name}</dd>
        <dt>代表者</dt>
        <dd>{person}</dd>
        <dt>所在地</dt>
        <dd>{address}</dd>
      </>
    );
  }
  return (
    <>
      <dt>契約者</dt>
      <dd>{person}</dd>
      {party.company_name !== '' && (
        <>
          <dt>屋号</dt>
          <dd>{party.company_name}</dd>
        </>
      )}
      <dt>住所</dt>
      <dd>{address}</dd>
    </>
  );
}

/** ご契約者: the party fixed at the approval, when the entry has one (nothing otherwise). */
export function ContractPartySection({ party, lead }: { readonly party: ContractParty | null; readonly lead?: string }) {
  if (!party) return null;
  return <FactsSection id="party" title="ご契約者" testId="contract-party" lead={lead} facts={<ContractPartyRows party={party} />} />;
}
