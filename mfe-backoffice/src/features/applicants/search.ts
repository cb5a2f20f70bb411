import { REVIEW_STATUS, type ReviewStatusName } from '@app/contracts/domain';

/** The search as the URL keeps it (`/backoffice/applicants?q=…`), so back and a shared link show the same list. */
export interface ApplicantFilters {
  readonly q: string;
  readonly identity: ReviewStatusName | '';
  readonly openEntry: boolean;
  readonly delinquent: boolean;
  /** The keyset cursor of the page shown ('' for the first page). */
  readonly cursor: string;
}

export const EMPTY_FILTERS: ApplicantFilters = { q: '', identity: '', openEntry: false, delinquent: false, cursor: '' };
export const PAGE_SIZE = 50;

const isReviewStatusName = (value: string | null): value is ReviewStatusName => value !== null && value in REVIEW_STATUS;

export function filtersFromSearch(search: string): ApplicantFilters {
  const params = new URLSearchParams(search);
  const identity = params.get('identity');
  const cursor = params.get('cursor') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    identity: isReviewStatusName(identity) ? identity : '',
    openEntry: params.get('open_entry') === 'true',
    delinquent: params.get('delinquent') === 'true',
    cursor: /^[1-9][0-9]{0,9}$/.test(cursor) ? cursor : '',
  };
}

export function searchFromFilters(filters: ApplicantFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.identity) params.set('identity', filters.identity);
  if (filters.openEntry) params.set('open_entry', 'true');
  if (filters.delinquent) params.set('delinquent', 'true');
  if (filters.cursor) params.set('cursor', filters.cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The API's query (strings, as a URL carries them); what is not set is left out. */
export interface ApplicantApiQuery {
  q?: string;
  identity?: ReviewStatusName;
  open_entry?: 'true';
  delinquent?: 'true';
  cursor?: string;
  limit: string;
}

export function apiQueryFromFilters(filters: ApplicantFilters): ApplicantApiQuery {
  return {
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    ...(filters.identity ? { identity: filters.identity } : {}),
    ...(filters.openEntry ? { open_entry: 'true' as const } : {}),
    ...(filters.delinquent ? { delinquent: 'true' as const } : {}),
    ...(filters.cursor ? { cursor: filters.cursor } : {}),
    limit: String(PAGE_SIZE),
  };
}
