import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * A list whose filters live in the URL, so the back button and a shared link show the same list:
 * `filters` as the URL holds them (`search`, the key to load by), the `draft` the filter form edits —
 * the URL's filters again whenever the URL changes (back button, a link), so the form shows what the
 * list shows — and `go`, which puts filters in the URL of the list at `path`.
 */
export function useUrlFilters<F>(path: string, fromSearch: (search: string) => F, toSearch: (filters: F) => string) {
  const location = useLocation();
  const navigate = useNavigate();
  const filters = fromSearch(location.search);
  const [draft, setDraft] = useState<F>(filters);
  const [draftKey, setDraftKey] = useState(location.search);
  if (draftKey !== location.search) {
    setDraftKey(location.search);
    setDraft(filters);
  }
  const go = (next: F) => void navigate(`${path}${toSearch(next)}`);
  return { search: location.search, filters, draft, setDraft, go };
}
