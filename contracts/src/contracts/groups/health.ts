import { group, endpoint } from '../endpoint';
import { HealthSchema } from '../health';

export const health = group('health', {
  get: endpoint({
    method: 'GET',
    path: '/api/health/',
    tag: 'system',
    summary: 'API とデータベースの稼働状況',
    access: 'visitor',
    success: { status: 200, schema: HealthSchema },
    errors: ['unavailable'],
    errorBodies: { unavailable: HealthSchema },
  }),
});
