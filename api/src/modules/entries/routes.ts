import { endpoints } from '@app/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { ValidationError } from '../../http/errors';
import { getDraft, saveDraft } from './drafts';
import { cancelEntry, contractEntry, downloadContractDocument, resubmitEntry } from './life';
import { DRAFT_MAX_BYTES, ENTRY_MESSAGES } from './messages';
import { createEntry } from './create';
import { getEntry, listEntries } from './service';
import { normalizeEntryBody } from './submit-rules';

/**
 * The size of the body as JSON. A body nested deeper than JSON.stringify's stack (5,000 arrays:
 * parsed fine, but writing it again throws RangeError) counts as too large: it answered 500 before
 * (found by the catalogue fuzz test).
 */
function jsonBytes(body: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(body));
  } catch (error) {
    if (error instanceof RangeError) return Number.POSITIVE_INFINITY;
    throw error;
  }
}

/**
 * Runs `normalize` on the raw body before the contract validates it, for this endpoint only (its
 * own plugin scope): the server reads what the applicant typed the way the page does. The body is
 * first held to the draft's bound (`DRAFT_MAX_BYTES` of JSON): an entry is made from a draft, so it
 * is never larger than one (issue 23).
 */
function normalizingBody(implementation: Implementation, normalize: (body: unknown) => void): Implementation {
  return {
    endpoint: implementation.endpoint,
    register(app, ctx) {
      void app.register(async (scope) => {
        scope.addHook('preValidation', async (request) => {
          if (jsonBytes(request.body ?? null) > DRAFT_MAX_BYTES)
            throw new ValidationError({ non_field_errors: [ENTRY_MESSAGES.entryTooLarge] });
          normalize(request.body);
        });
        implementation.register(scope, ctx);
      });
    },
  };
}

/**
 * The applicant's entries (申し込み) and the entry wizard's draft: every route answers the
 * applicant's own only (another applicant's entry is 404; a draft is always the caller's).
 */
export const entryRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.entries.list, async ({ auth }) => listEntries(ctx, auth.user)),
  implement(endpoints.entries.draft, async ({ auth }) => getDraft(ctx, auth.user)),
  implement(endpoints.entries.saveDraft, async ({ auth, body }) => saveDraft(ctx, auth.user, body)),
  normalizingBody(
    implement(endpoints.entries.create, async ({ auth, body }) => createEntry(ctx, auth.user, body)),
    normalizeEntryBody,
  ),
  implement(endpoints.entries.get, async ({ auth, params }) => getEntry(ctx, auth.user, params.id)),
  // An entry's life (life.ts): resubmit, cancel, contract, and the signed contract.
  implement(endpoints.entries.review, async ({ auth, params, body }) => resubmitEntry(ctx, auth.user, params.id, body)),
  implement(endpoints.entries.cancel, async ({ auth, params }) => cancelEntry(ctx, auth.user, params.id)),
  implement(endpoints.entries.contract, async ({ auth, params }) => contractEntry(ctx, auth.user, params.id)),
  implement(endpoints.entries.contractDocument, async ({ reply, auth, params }) =>
    downloadContractDocument(ctx, reply, auth.user, params.id),
  ),
];
