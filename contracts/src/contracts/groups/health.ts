import { group } from '../endpoint';
import { HealthSchema } from '../health';

export const health = group('health', { tag: 'system', access: 'visitor' }, ({ GET }) => ({
  get: GET('/api/health/', {
    summary: 'API とデータベースの稼働状況',
    ok: HealthSchema,
    errors: ['unavailable'],
    errorBodies: { unavailable: HealthSchema },
  }),
}));
