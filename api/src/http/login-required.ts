import type { preValidationAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { requireAuth } from './session';

/**
 * Route option for endpoints of logged-in users: the 403 (認証情報が含まれていません。) comes
 * before the body is validated, as in DRF (permissions are checked before the serializer).
 */
export const loginRequired =
  (ctx: AppContext): preValidationAsyncHookHandler =>
  async (request) => {
    await requireAuth(ctx, request);
  };
