import { group } from '../endpoint';
import { OpenApiDocumentSchema } from '../health';

export const schema = group('schema', { tag: 'system', access: 'visitor' }, ({ GET }) => ({
  get: GET('/api/schema/', {
    summary: 'この API の OpenAPI 3.1 ドキュメント',
    ok: OpenApiDocumentSchema,
  }),
}));
