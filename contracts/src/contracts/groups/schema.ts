import { group, endpoint } from '../endpoint';
import { OpenApiDocumentSchema } from '../health';

export const schema = group('schema', {
  get: endpoint({
    method: 'GET',
    path: '/api/schema/',
    tag: 'system',
    summary: 'この API の OpenAPI 3.1 ドキュメント',
    access: 'visitor',
    success: { status: 200, schema: OpenApiDocumentSchema },
  }),
});
