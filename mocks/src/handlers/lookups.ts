import { safeParse } from 'zod/mini';
import { endpoints } from '@app/contracts/api/endpoints';
import { validationErrorBody } from '@app/contracts/api/errors';
import { PostalCodeParamsSchema } from '@app/contracts/api/postal-code';
import { MOCK_POSTAL_ADDRESSES, banksFixture, branchesFixture, corporationsFixture, postalCodeLookupFixture } from '../fixtures';
import { MockReply, failureReply, mock } from '../reply';
import type { MockState } from '../state';
import { applicantGate } from './support';

/** The lookups (法人番号, banks, postal codes), the news and the live-status stream. */
export function lookupHandlers(state: MockState) {
  const e = endpoints;
  const loggedIn = applicantGate(state);
  return {
    [e.ext.houjinbangou.id]: mock(e.ext.houjinbangou, ({ request }) => {
      const refused = loggedIn(e.ext.houjinbangou);
      if (refused) return refused;
      const name = new URL(request.url).searchParams.get('name')?.trim() ?? '';
      return corporationsFixture().filter((c) => name !== '' && c.name.includes(name));
    }),
    [e.banks.search.id]: mock(e.banks.search, ({ request }) => {
      const refused = loggedIn(e.banks.search);
      if (refused) return refused;
      const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
      return banksFixture().filter((b) => q !== '' && (b.name.includes(q) || b.kana.includes(q) || b.code.startsWith(q)));
    }),
    [e.banks.branches.id]: mock(e.banks.branches, ({ request }) => {
      const refused = loggedIn(e.banks.branches);
      if (refused) return refused;
      const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
      return branchesFixture().filter((b) => q !== '' && (b.name.includes(q) || b.kana.includes(q) || b.code.startsWith(q)));
    }),
    [e.news.list.id]: mock(e.news.list, () => loggedIn(e.news.list) ?? state.news),
    // The live-status stream: a retry hint and a comment, then the answer ends (the mock changes
    // nothing behind the page's back); the shell's stream reconnects with its back-off.
    [e.events.stream.id]: mock(
      e.events.stream,
      () =>
        loggedIn(e.events.stream) ??
        new MockReply(200, new TextEncoder().encode('retry: 60000\n: mock\n\n').buffer, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-cache',
        }),
    ),
    // A few codes (MOCK_POSTAL_ADDRESSES); any other 7 digits are unknown, anything else is 400 as from the API.
    [e.postalCodes.get.id]: mock(e.postalCodes.get, ({ params }) => {
      const checked = safeParse(PostalCodeParamsSchema, params);
      if (!checked.success) return failureReply(e.postalCodes.get, 'validation', validationErrorBody(checked.error.issues));
      const { code } = checked.data;
      return postalCodeLookupFixture({ code, addresses: [...(MOCK_POSTAL_ADDRESSES[code] ?? [])] });
    }),
  };
}
