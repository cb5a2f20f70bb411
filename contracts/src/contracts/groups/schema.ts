import { group, endpointsOf } from '../endpoint';
import { OpenApiDocumentSchema } from '../health';

const { GET } = endpointsOf({ tag: 'system', access: 'visitor' });

export const schema = group('schema', {
  get: GET('/api/schema/', {
    summary: 'この API の OpenAPI 3.1 ドキュメント',
    ok: OpenApiDocumentSchema,
  }),
});
