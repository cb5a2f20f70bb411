import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';

/** Fastify's `logger` option as an object (pino's options). */
type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Where log lines go (a pino destination: stdout, or a test's stream). */
export interface LogStream {
  write(line: string): void;
}

/**
 * What the API's log (pino, through Fastify) may hold. Never a password, a password hash, a
 * session or CSRF token, or the query of a link (activation, password reset and mail-change
 * links carry their one-time token there; searches carry what people typed):
 *
 * - request lines show the URL's path and the query's parameter names only (`?uid=…&token=…`);
 * - the fields below are replaced by `[Redacted]` wherever a log call passes them;
 * - an error's message loses the parameters drizzle appends to a failed query (`params: …`),
 *   and any argon2 hash in it.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrftoken"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-csrftoken"]',
  'password',
  'old_password',
  'new_password',
  'passwordHash',
  'password_hash',
  'token',
  'uid',
  'otp',
  'sessionid',
  'csrftoken',
  '*.password',
  '*.old_password',
  '*.new_password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.otp',
  '*.sessionid',
  '*.csrftoken',
];

/** `/register/activation?uid=MQ&token=x` → `/register/activation?uid=…&token=…` */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const names = url
    .slice(start + 1)
    .split('#')[0]!
    .split('&')
    .filter((part) => part !== '')
    .map((part) => `${part.split('=')[0]}=…`);
  return `${url.slice(0, start)}?${names.join('&')}`;
}

const ARGON2_HASH = /\$argon2(?:id|i|d)\$[^\s,'")\]]*/g;

/** An error's text for the log: no query parameters (drizzle's `params: …`), no password hash. */
export function redactErrorText(text: string): string {
  return text.replace(/\bparams: [\s\S]*$/, 'params: [Redacted]').replace(ARGON2_HASH, '[Redacted]');
}

/** `postgres://app:secret@host/db` → `postgres://app:***@host/db`; anything else as it is. */
export function maskUrlPassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/?#@:\s]*):[^/?#@\s]*@/i, '$1:***@');
}

interface LoggedError {
  type?: string;
  message?: string;
  stack?: string;
  [key: string]: unknown;
}

function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const logged: LoggedError = { type: error.name, message: redactErrorText(error.message) };
  if (error.stack !== undefined) logged.stack = redactErrorText(error.stack);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') logged.code = code;
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined) logged.cause = serializeError(cause);
  return logged;
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyBaseLogger['info']>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
/** Fastify's logger is pino, which also answers these. */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean; bindings(): Bindings };

/**
 * A request's logger (`request.log`) that becomes a pino child on its first line only.
 *
 * Fastify makes a child logger for every request (its bindings: the request id), and pino's child()
 * writes those bindings through the redaction at once: ≈ 7 µs of each `POST /api/me/` in issue 12's
 * profile. At the default level (warn) most requests write no line at all, so this one asks the
 * parent whether a level is on and makes the child when a line is written (with the same bindings:
 * the lines are the same), or when a child, a level or the bindings are asked for.
 */
export class LazyRequestLogger {
  private made: PinoLogger | undefined;
  constructor(
    private readonly parent: PinoLogger,
    private readonly ownBindings: Bindings,
  ) {}

  private real(): PinoLogger {
    this.made ??= this.parent.child(this.ownBindings) as PinoLogger;
    return this.made;
  }

  private write(level: Level, args: LogArgs): void {
    const logger = this.made ?? this.parent;
    if (logger.isLevelEnabled(level)) this.real()[level](...args);
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }
  set level(level: string) {
    this.real().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }
  bindings(): Bindings {
    return this.real().bindings();
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
  /** This logger with more bindings (the trace id: tracing/tracing.ts), still lazy if no line was written yet. */
  withBindings(bindings: Bindings): FastifyBaseLogger {
    if (this.made !== undefined) return this.made.child(bindings);
    return new LazyRequestLogger(this.parent, { ...this.ownBindings, ...bindings });
  }
  fatal(...args: LogArgs): void {
    this.write('fatal', args);
  }
  error(...args: LogArgs): void {
    this.write('error', args);
  }
  warn(...args: LogArgs): void {
    this.write('warn', args);
  }
  info(...args: LogArgs): void {
    this.write('info', args);
  }
  debug(...args: LogArgs): void {
    this.write('debug', args);
  }
  trace(...args: LogArgs): void {
    this.write('trace', args);
  }
  silent(): void {}
}

/**
 * Fastify's `childLoggerFactory`: a LazyRequestLogger, unless the route sets its own level or
 * serializers (none does today: pino applies those when the child is made) or the logger is not pino.
 */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger {
  const pino = logger as Partial<PinoLogger>;
  if ((options !== undefined && Object.keys(options).length > 0) || typeof pino.isLevelEnabled !== 'function')
    return logger.child(bindings, options);
  return new LazyRequestLogger(logger as PinoLogger, bindings);
}

/** A request's logger with more bindings on each later line (a LazyRequestLogger stays lazy). */
export function withLogBindings(logger: FastifyBaseLogger, bindings: Bindings): FastifyBaseLogger {
  return logger instanceof LazyRequestLogger ? logger.withBindings(bindings) : logger.child(bindings);
}

/** Fastify's logger options: the level, the redactions and serializers above, and (tests) a stream. */
export function loggerOptions(level: string, stream?: LogStream): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: { req: serializeRequest, err: serializeError as never },
    ...(stream === undefined ? {} : { stream }),
  };
}
