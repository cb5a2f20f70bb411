/**
 * Ranked matching of a query key against the keys of an entry (search-key.ts): an exact match
 * first, then a prefix, then anywhere inside; ties keep the data's order (for banks and branches
 * their code, so みずほ 0001 comes before a 信金 with the same word in its name).
 */
export const MATCH = { exact: 0, prefix: 1, inside: 2 } as const;

/** The best rank of `query` against `keys`, or null when none contains it. */
export function matchRank(query: string, keys: readonly string[]): number | null {
  let best: number | null = null;
  for (const key of keys) {
    const rank = key === query ? MATCH.exact : key.startsWith(query) ? MATCH.prefix : key.includes(query) ? MATCH.inside : null;
    if (rank !== null && (best === null || rank < best)) best = rank;
  }
  return best;
}

/** The entries whose keys match, best first, at most `limit`. */
export function rankedMatches<T>(entries: readonly T[], rankOf: (entry: T) => number | null, limit: number): T[] {
  const found: { entry: T; rank: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    const rank = rankOf(entry);
    if (rank !== null) found.push({ entry, rank, index });
  });
  found.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return found.slice(0, limit).map(({ entry }) => entry);
}
