import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { REQUEST_ID_ATTRIBUTE, startTracing, type Tracing } from './tracing';

// Traces over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT): a collector of our own on loopback receives
// what the API exports; the test waits on the POST it receives, after a flush.

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  name: string;
  attributes: { key: string; value: OtlpValue }[];
}
interface OtlpExport {
  resourceSpans: { resource: { attributes: { key: string; value: OtlpValue }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

/** A stand-in OTLP collector: every POST's path, content type and JSON body. */
function collector() {
  const received: { url: string; contentType: string; body: OtlpExport }[] = [];
  let wake: (() => void) | undefined;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        url: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      wake?.();
    });
  });
  return {
    server,
    received,
    /** Resolves once a POST has come whose spans satisfy `test`. */
    async spanWhere(test: (span: OtlpSpan) => boolean): Promise<{ span: OtlpSpan; body: OtlpExport }> {
      for (;;) {
        for (const { body } of received) {
          const span = body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)).find(test);
          if (span !== undefined) return { span, body };
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

const attribute = (attributes: { key: string; value: OtlpValue }[], key: string) => {
  const value = attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : String(value.intValue));
};

const otlp = collector();
let tracing: Tracing;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => otlp.server.listen(0, '127.0.0.1', resolve));
  const { port } = otlp.server.address() as AddressInfo;
  tracing = await startTracing({ endpoint: `http://127.0.0.1:${port}`, serviceName: 'tsumugi-api-test' });
  app = buildApp({
    env: { SITE_DIR: '/nonexistent', LOG_LEVEL: 'info' },
    db: { embedded: true, serverVersion: () => Promise.resolve('17.10') },
    tracing,
    logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tracing?.shutdown();
  await new Promise((resolve) => otlp.server.close(resolve));
});

describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('a request is exported as a span of its route with the request id; its log line carries the trace id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health/?x=1' });
    expect(response.statusCode).toBe(200);
    await tracing.forceFlush();
    const { span, body } = await otlp.spanWhere((s) => s.name === 'request' && attribute(s.attributes, 'http.route') === '/api/health/');
    expect(otlp.received[0]!.url).toBe('/v1/traces');
    expect(otlp.received[0]!.contentType).toMatch(/^application\/json/);
    expect(attribute(body.resourceSpans[0]!.resource.attributes, 'service.name')).toBe('tsumugi-api-test');
    expect(attribute(span.attributes, 'http.request.method')).toBe('GET');
    expect(attribute(span.attributes, 'http.response.status_code')).toBe('200');
    const requestId = attribute(span.attributes, REQUEST_ID_ATTRIBUTE);
    expect(requestId).toMatch(/^req-/);

    // The request's "request completed" line: the same request id and the span's trace id.
    const completed = lines.find((line) => line.msg === 'request completed' && line.reqId === requestId);
    expect(completed, JSON.stringify(lines)).toBeDefined();
    expect(completed!.trace_id).toBe(span.traceId);
    expect(completed!.span_id).toBe(span.spanId);
    // The handler's own span, a child in the same trace.
    const { span: handler } = await otlp.spanWhere((s) => s.name.startsWith('handler') && s.traceId === span.traceId);
    expect(handler.spanId).not.toBe(span.spanId);
  });

  it('continues the trace of a traceparent header (a proxy or the browser that started it)', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await app.inject({ method: 'GET', url: '/api/health/', headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    await tracing.forceFlush();
    const { span } = await otlp.spanWhere((s) => s.name === 'request' && s.traceId === traceId);
    expect(attribute(span.attributes, REQUEST_ID_ATTRIBUTE)).toMatch(/^req-/);
  });

  it('no span for the scrapes of /metrics', async () => {
    const scrape = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(scrape.statusCode).toBe(200);
    // A request after it, flushed with it: its span arrives, the scrape's never does.
    await app.inject({ method: 'GET', url: '/api/health/?after-scrape' });
    await tracing.forceFlush();
    await otlp.spanWhere((s) => attribute(s.attributes, 'url.path') === '/api/health/?after-scrape');
    const routes = otlp.received.flatMap(({ body }) =>
      body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans.map((span) => attribute(span.attributes, 'http.route')))),
    );
    expect(routes).not.toContain('/metrics');
  });
});
