// Only types at the top: nothing of OpenTelemetry is loaded unless startTracing() is called
// (OTEL_EXPORTER_OTLP_ENDPOINT set). The packages are imported inside it.
import type { Span } from '@opentelemetry/api';
import type { FastifyOtelInstrumentationOpts } from '@fastify/otel';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withLogBindings } from '../logging';

/** The span attribute holding Fastify's request id (`request.id`, the `reqId` of the request's log lines). */
export const REQUEST_ID_ATTRIBUTE = 'http.request.id';
/** The service name of the traces unless OTEL_SERVICE_NAME says otherwise (env.ts). */
export const DEFAULT_SERVICE_NAME = 'tsumugi-api';

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT, no trailing slash: spans go to `<endpoint>/v1/traces` (OTLP/HTTP, JSON). */
  readonly endpoint: string;
  /** OTEL_SERVICE_NAME. */
  readonly serviceName: string;
  /**
   * Register as the process's tracer provider, context manager (AsyncLocalStorage) and W3C trace
   * context propagator (a `traceparent` from a proxy continues its trace). Default true; shutdown()
   * unregisters them again.
   */
  readonly register?: boolean;
  /** The exporter's own problems (a collector that does not answer), at warn level and above. */
  readonly log?: (line: string) => void;
}

export interface Tracing {
  /**
   * Traces the requests of this app: call right after `Fastify()`, before any route or hook (as
   * @fastify/otel's own `registerOnInitialization` does), so that every route is wrapped. A span
   * per request (`request`, with the route id, method, status and the request id) and one for its
   * handler; and the request's log lines from then on carry `trace_id` and `span_id`.
   */
  instrument(app: FastifyInstance): void;
  /** Sends the spans ended so far. */
  forceFlush(): Promise<void>;
  /** Sends what is left and stops; unregisters what register put in place. */
  shutdown(): Promise<void>;
}

/** OpenTelemetry with an OTLP/HTTP exporter, loaded now (dynamic imports). */
export async function startTracing(options: TracingOptions): Promise<Tracing> {
  const [api, { NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, fastifyOtel] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@fastify/otel'),
    ]);
  const register = options.register ?? true;
  if (options.log !== undefined) {
    const log = options.log;
    const write = (message: string, ...args: unknown[]) => log(`tracing: ${[message, ...args.map(String)].join(' ')}`);
    api.diag.setLogger({ error: write, warn: write, info: () => {}, debug: () => {}, verbose: () => {} }, api.DiagLogLevel.WARN);
  }

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.endpoint}/v1/traces` }))],
  });
  if (register) provider.register();

  // A CommonJS module: its named export as Node's ESM loader finds it, else the module itself.
  const FastifyOtelInstrumentation =
    (fastifyOtel.FastifyOtelInstrumentation as typeof fastifyOtel.default | undefined) ?? fastifyOtel.default;
  const config: FastifyOtelInstrumentationOpts = {
    // One span for the request and one for its handler; none per hook (most of ours are callbacks
    // that take microseconds, and a span each would cost more than the hook).
    instrumentHooks: false,
    requestHook: (span: Span, request: FastifyRequest) => {
      span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
    },
  };
  const instrumentation = new FastifyOtelInstrumentation(config);
  instrumentation.setTracerProvider(provider);
  const plugin = instrumentation.plugin();

  let stopped: Promise<void> | undefined;
  return {
    instrument(app) {
      plugin(app, {}, () => {});
      // After @fastify/otel's own onRequest hook (which starts the request's span): the trace id
      // on the request's later log lines ("request completed", errors), request.log and reply.log alike.
      app.addHook('onRequest', (request, reply, done) => {
        const span = request.opentelemetry().span;
        if (span !== undefined && span !== null) {
          const { traceId, spanId } = span.spanContext();
          const logger = withLogBindings(request.log, { trace_id: traceId, span_id: spanId });
          request.log = logger;
          reply.log = logger;
        }
        done();
      });
    },
    forceFlush: () => provider.forceFlush(),
    shutdown() {
      stopped ??= (async () => {
        instrumentation.disable();
        await provider.shutdown();
        if (register) {
          api.trace.disable();
          api.context.disable();
          api.propagation.disable();
        }
        if (options.log !== undefined) api.diag.disable();
      })();
      return stopped;
    },
  };
}
