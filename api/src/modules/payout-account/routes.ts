import { endpoints } from '@app/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { entryDetail } from '../staff-review/service';
import { changeEntryBankAccount, confirmBankAccount } from './service';

/** The payout account after the offer: the applicant's change (held) and the staff confirmation that releases it. */
export const payoutAccountRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.entries.changeBankAccount, async ({ auth, params, body }) => changeEntryBankAccount(ctx, auth.user, params.id, body)),
  implement(endpoints.staff.entries.confirmBankAccount, async ({ staff, params }) =>
    entryDetail(ctx, await confirmBankAccount(ctx, staff, params.id)),
  ),
];
