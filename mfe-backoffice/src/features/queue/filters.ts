import { ENTRY_STATUS, type EntryStatusName } from '@app/contracts/domain';

/**
 * The review queue's filters, kept in the page's URL (`/backoffice?status=inadequate&min_age_days=3`)
 * so that a reload, a shared link and the back button show the same list. The names are the API's
 * query parameters (`GET /api/staff/entries/`); defaults are left out of the URL.
 */
export interface QueueFilters {
  readonly status: EntryStatusName;
  readonly order: 'oldest' | 'newest';
  readonly min_face_total: string;
  readonly max_face_total: string;
  readonly min_age_days: string;
  readonly offset: number;
}

export const PAGE_SIZE = 50;
export const DEFAULT_FILTERS: QueueFilters = {
  status: 'under_review',
  order: 'oldest',
  min_face_total: '',
  max_face_total: '',
  min_age_days: '',
  offset: 0,
};

const STATUS_NAMES = Object.keys(ENTRY_STATUS) as EntryStatusName[];
const isStatus = (value: string | null): value is EntryStatusName => value !== null && (STATUS_NAMES as string[]).includes(value);

/** The filters a URL's query says (anything unreadable falls back to the default). */
export function filtersFromSearch(search: string): QueueFilters {
  const query = new URLSearchParams(search);
  const status = query.get('status');
  const order = query.get('order');
  const offset = Number(query.get('offset') ?? '0');
  return {
    status: isStatus(status) ? status : DEFAULT_FILTERS.status,
    order: order === 'newest' ? 'newest' : 'oldest',
    min_face_total: query.get('min_face_total') ?? '',
    max_face_total: query.get('max_face_total') ?? '',
    min_age_days: query.get('min_age_days') ?? '',
    offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0,
  };
}

/** The URL query for these filters (defaults omitted; `''` when everything is the default). */
export function searchFromFilters(filters: QueueFilters): string {
  const query = new URLSearchParams();
  if (filters.status !== DEFAULT_FILTERS.status) query.set('status', filters.status);
  if (filters.order !== DEFAULT_FILTERS.order) query.set('order', filters.order);
  for (const name of ['min_face_total', 'max_face_total', 'min_age_days'] as const) {
    const value = filters[name].trim();
    if (value !== '') query.set(name, value);
  }
  if (filters.offset > 0) query.set('offset', String(filters.offset));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** The API query for these filters: `GET /api/staff/entries/?status=…&limit=50&offset=…`. */
export interface QueueApiQuery {
  status: EntryStatusName;
  order: 'oldest' | 'newest';
  limit: string;
  offset: string;
  min_face_total?: string;
  max_face_total?: string;
  min_age_days?: string;
}

export function apiQueryFromFilters(filters: QueueFilters): QueueApiQuery {
  const query: QueueApiQuery = {
    status: filters.status,
    order: filters.order,
    limit: String(PAGE_SIZE),
    offset: String(filters.offset),
  };
  for (const name of ['min_face_total', 'max_face_total', 'min_age_days'] as const) {
    // Digits as typed (full-width digits and separators are read as the API expects).
    const value = filters[name].normalize('NFKC').replace(/[,\s円日]/g, '');
    if (value !== '') query[name] = value;
  }
  return query;
}
