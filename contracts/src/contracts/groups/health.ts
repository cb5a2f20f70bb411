import { group, endpointsOf } from '../endpoint';
import { HealthSchema } from '../health';

const { GET } = endpointsOf({ tag: 'system', access: 'visitor' });

export const health = group('health', {
  get: GET('/api/health/', {
    summary: 'API とデータベースの稼働状況',
    ok: HealthSchema,
    errors: ['unavailable'],
    errorBodies: { unavailable: HealthSchema },
  }),
});
