import { group } from '../endpoint';
import { HealthSchema, ReadinessSchema } from '../health';

export const health = group('health', { tag: 'system', access: 'visitor' }, ({ GET }) => ({
  get: GET('/api/health/', {
    summary: 'API とデータベースの稼働状況',
    ok: HealthSchema,
    errors: ['unavailable'],
    errorBodies: { unavailable: HealthSchema },
  }),
  ready: GET('/api/health/ready/', {
    summary:
      'このプロセスが新しいリクエストを受けられるか（ロードバランサーのヘルスチェック用）。停止の合図（SIGTERM）を受けると処理中のリクエストを終えるまで draining（503）',
    ok: ReadinessSchema,
    errors: ['unavailable'],
    errorBodies: { unavailable: ReadinessSchema },
  }),
}));
