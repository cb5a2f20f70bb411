import { createRequire } from 'node:module';
import type { Bank, Branch } from '@app/contracts';
import { MATCH, matchRank, rankedMatches } from './rank';
import { bankQueryKey, branchQueryKey, searchKey } from './search-key';

/** At most this many banks or branches per answer: enough to pick from, small to send. */
export const LOOKUP_LIMIT = 20;

/** One bank or branch of the `zengin-code` package (its `hira` and `roma` are not used). */
interface ZenginEntry {
  readonly code: string;
  readonly name: string;
  readonly kana: string;
}
interface ZenginBank extends ZenginEntry {
  readonly branches: Readonly<Record<string, ZenginEntry>>;
}
export type ZenginData = Readonly<Record<string, ZenginBank>>;

interface Indexed<T> {
  readonly item: T;
  readonly keys: readonly string[];
}

interface IndexedBank extends Indexed<Bank> {
  readonly branchData: Readonly<Record<string, ZenginEntry>>;
  /** Built on the first branch search of this bank. */
  branches?: readonly Indexed<Branch>[];
}

const byCode = <T extends { code: string }>(a: T, b: T) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
const ALL_DIGITS = /^[0-9]+$/;

function search<T extends { code: string }>(entries: readonly Indexed<T>[], key: string): T[] {
  if (key === '') return [];
  if (ALL_DIGITS.test(key)) {
    // A code (or its beginning): 0001, 000, 1 … — the exact code first.
    const codeRank = (entry: Indexed<T>) => {
      const rank = matchRank(key, [entry.item.code]);
      return rank === MATCH.inside ? null : rank;
    };
    return rankedMatches(entries, codeRank, LOOKUP_LIMIT).map((entry) => entry.item);
  }
  return rankedMatches(entries, (entry) => matchRank(key, entry.keys), LOOKUP_LIMIT).map((entry) => entry.item);
}

/**
 * The 全銀 bank and branch directory, from the `zengin-code` package (see api/README.md "Banks and
 * branches"): ~5 MB of JavaScript data read on the first search (not at start, not by any page),
 * then searched in memory. Each bank and branch is matched by its code (a prefix of it), and by
 * the search keys of its kanji name and its kana (search-key.ts), so 「みずほ銀行」, 「ミズホ」,
 * 「ﾐｽﾞﾎ」 and 「0001」 all find みずほ.
 */
export class BankDirectory {
  private banks: readonly IndexedBank[] | null = null;
  private byBankCode: ReadonlyMap<string, IndexedBank> | null = null;

  constructor(private readonly load: () => ZenginData = loadZenginCode) {}

  /** Banks matching `query` (kanji, hiragana, katakana, half-width kana, or a code), best first. */
  searchBanks(query: string): Bank[] {
    return search(this.index().banks, bankQueryKey(query));
  }

  /** Branches of bank `bankCode` matching `query`, best first; null when there is no such bank. */
  searchBranches(bankCode: string, query: string): Branch[] | null {
    const bank = this.index().byBankCode.get(bankCode);
    if (bank === undefined) return null;
    bank.branches ??= Object.values(bank.branchData)
      .map((branch) => indexed({ code: branch.code, name: branch.name, kana: branch.kana }))
      .sort((a, b) => byCode(a.item, b.item));
    return search(bank.branches, branchQueryKey(query));
  }

  /** How many banks and branches the data has (for the README and a test). */
  size(): { banks: number; branches: number } {
    const { banks } = this.index();
    return { banks: banks.length, branches: banks.reduce((sum, bank) => sum + Object.keys(bank.branchData).length, 0) };
  }

  private index(): { banks: readonly IndexedBank[]; byBankCode: ReadonlyMap<string, IndexedBank> } {
    if (this.banks === null || this.byBankCode === null) {
      const banks = Object.values(this.load())
        .map((bank): IndexedBank => ({ ...indexed({ code: bank.code, name: bank.name, kana: bank.kana }), branchData: bank.branches }))
        .sort((a, b) => byCode(a.item, b.item));
      this.banks = banks;
      this.byBankCode = new Map(banks.map((bank) => [bank.item.code, bank]));
    }
    return { banks: this.banks, byBankCode: this.byBankCode };
  }
}

function indexed<T extends { name: string; kana: string }>(item: T): Indexed<T> {
  return { item, keys: [searchKey(item.name), searchKey(item.kana)] };
}

/** The package is CommonJS data (`module.exports = {…}`): required on first use only. */
function loadZenginCode(): ZenginData {
  return createRequire(import.meta.url)('zengin-code') as ZenginData;
}
