import { group } from '../endpoint';
import { TELEMETRY_PATH, TelemetryEnvelopeSchema } from '../telemetry';

/**
 * Field telemetry (issue 26): the shell's beacons. CSRF-exempt BY DESIGN (`csrf: 'none'` on an
 * unsafe method, the only one): `navigator.sendBeacon` cannot send the X-CSRFToken header, and a
 * batch changes nothing anyone owns (it only adds to anonymous counts). What bounds a forged or
 * flooding sender instead: the body size (413), the schema (400), the per-client rate (429), and
 * the messages scrubbed again on the server.
 */
export const telemetry = group('telemetry', { tag: 'system', access: 'visitor' }, ({ POST }) => ({
  ingest: POST(TELEMETRY_PATH, {
    summary:
      'ブラウザの計測（エラー・Web Vitals・ページビュー）を受け取る。navigator.sendBeacon 用：セッション不要、CSRF 対象外（ヘッダーを送れず、誰のデータも変えない）。application/json または text/plain の JSON（タグの組ごとのまとまりを batches に 10 組・計 50 件まで、旧形式の 1 組も可）、32 KB まで、クライアントごとの回数制限あり。集計は非同期',
    csrf: 'none',
    body: TelemetryEnvelopeSchema,
    noContent: true,
    errors: ['tooLarge', 'throttled'],
  }),
}));
