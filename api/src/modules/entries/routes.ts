import { endpoints } from '@app/shared/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';

/**
 * The applicant's entries (申し込み). Entries are not stored yet — they arrive with the next issue
 * (the entry wizard and its tables) — so every applicant has none and the list is empty. The
 * route exists now so that /mypage can ask for it, with the contract's shape (`EntryListSchema`).
 */
export const entryRoutes = (_ctx: AppContext): Implementation[] => [implement(endpoints.entries.list, async () => [])];
