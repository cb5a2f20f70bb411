import { describe, expect, test } from 'vitest';
import { DEFAULT_FILTERS, apiQueryFromFilters, filtersFromSearch, searchFromFilters } from './filters';

describe('queue filters in the URL', () => {
  test('an empty URL is the default: under review, oldest first, first page', () => {
    expect(filtersFromSearch('')).toEqual(DEFAULT_FILTERS);
    expect(searchFromFilters(DEFAULT_FILTERS)).toBe('');
  });

  test('a URL round-trips', () => {
    const search = '?status=inadequate&order=newest&min_face_total=100000&max_face_total=5000000&min_age_days=3&offset=50';
    const filters = filtersFromSearch(search);
    expect(filters).toEqual({
      status: 'inadequate',
      order: 'newest',
      min_face_total: '100000',
      max_face_total: '5000000',
      min_age_days: '3',
      offset: 50,
    });
    expect(searchFromFilters(filters)).toBe(search);
  });

  test('unreadable values fall back to the defaults', () => {
    expect(filtersFromSearch('?status=draft&order=random&offset=-5')).toEqual(DEFAULT_FILTERS);
  });

  test('the API query reads amounts as typed (commas, full-width digits, 円)', () => {
    expect(apiQueryFromFilters({ ...DEFAULT_FILTERS, min_face_total: '１,０００,０００円', min_age_days: '7日' })).toEqual({
      status: 'under_review',
      order: 'oldest',
      limit: '50',
      offset: '0',
      min_face_total: '1000000',
      min_age_days: '7',
    });
  });
});
