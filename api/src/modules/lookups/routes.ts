import { endpoints } from '@app/contracts';
import type { AppContext } from '../../context';
import { env } from '../../env';
import { implement, type Implementation } from '../../http/endpoints';
import { notFound } from '../../http/errors';
import { BankDirectory } from './banks';
import { corporationSource, NTA_API_URL } from './houjinbangou';

/** The 全銀 data changes only with a new package version (a deployment): a browser may keep an answer a day. */
export const BANK_CACHE_CONTROL = 'private, max-age=86400';
/** Suggestions may be kept an hour by the browser (the register changes daily at most). */
export const CORPORATION_CACHE_CONTROL = 'private, max-age=3600';

/** Where the Web-API is (a test points it at a local stand-in). */
export const lookupSettings = { ntaApiUrl: NTA_API_URL };

/**
 * The entry wizard's look-ups (logged in): 法人番号 suggestions and 全銀 bank / branch search.
 * One directory and one suggestion source (and so one cache) per app.
 */
export const lookupRoutes = (ctx: AppContext): Implementation[] => {
  const banks = new BankDirectory();
  const corporations = corporationSource(env.HOUJINBANGOU_APP_ID, () => ctx.now(), lookupSettings.ntaApiUrl);
  return [
    implement(endpoints.ext.houjinbangou, async ({ query, request, reply }) => {
      reply.header('Cache-Control', CORPORATION_CACHE_CONTROL);
      return corporations.search(query.name, request.log);
    }),
    implement(endpoints.banks.search, async ({ query, reply }) => {
      reply.header('Cache-Control', BANK_CACHE_CONTROL);
      return banks.searchBanks(query.q);
    }),
    implement(endpoints.banks.branches, async ({ params, query, reply }) => {
      const branches = banks.searchBranches(params.code, query.q);
      if (branches === null) throw notFound();
      reply.header('Cache-Control', BANK_CACHE_CONTROL);
      return branches;
    }),
  ];
};
