import path from 'node:path';
import { z } from 'zod';
import { SERVICE_NAME } from './mail/templates';
import { REPO_ROOT } from './paths';

// An empty variable (`PORT=`) means "not set", as in most shells' .env habits.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

function absoluteDir(fallback: string) {
  return optional(z.string().default(fallback)).transform((dir) => path.resolve(dir));
}

/** The From of every mail unless MAIL_FROM says otherwise. */
export const DEFAULT_MAIL_FROM = `${SERVICE_NAME} <no-reply@localhost>`;

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65_535).default(3000)),
  HOST: optional(z.string().default('localhost')),
  DATA_DIR: absoluteDir(path.join(REPO_ROOT, '.data')),
  SITE_DIR: absoluteDir(path.join(REPO_ROOT, '.site')),
  DATABASE_URL: optional(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn')),
  /** Origin of the site as people reach it, for links in mails; unset: http://localhost:<listening port>. */
  PUBLIC_URL: optional(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  /**
   * Behind a reverse proxy: trust its X-Forwarded-Proto (Secure cookies) and X-Forwarded-For (the
   * client address used for login throttling). `true`/`1`, a hop count (`2`), or addresses/CIDRs
   * (`10.0.0.0/8,127.0.0.1`). Unset: trust nothing.
   */
  TRUST_PROXY: optional(z.string().optional()).transform(parseTrustProxy),
  /** Mail goes to .eml files here unless SMTP_URL is set. Default: DATA_DIR/mail. */
  MAIL_OUTBOX_DIR: optional(z.string().optional()).transform((dir) => (dir === undefined ? undefined : path.resolve(dir))),
  /** smtp://user:pass@host:587 or smtps://…:465: send mail through that server instead of the outbox. */
  SMTP_URL: optional(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  /** The From of every mail. */
  MAIL_FROM: optional(z.string().default(DEFAULT_MAIL_FROM)),
});

/** Fastify's `trustProxy`: false, true, a hop count, or a list of trusted addresses. */
export type TrustProxy = boolean | number | string;

function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  if (value === undefined) return false;
  const text = value.trim().toLowerCase();
  if (['true', 'yes', 'on'].includes(text)) return true;
  if (['false', 'no', 'off', '0'].includes(text)) return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (/^[0-9a-f.:/,\s]+$/.test(text)) return text.replace(/\s+/g, '');
  ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a comma-separated list of addresses' });
  return false;
}

type ParsedEnv = z.infer<typeof envSchema>;

/** The validated environment; MAIL_OUTBOX_DIR is resolved against DATA_DIR. */
export type Env = Omit<ParsedEnv, 'MAIL_OUTBOX_DIR'> & { MAIL_OUTBOX_DIR: string };

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Validates a record of environment variables (process.env, or a test's own record). */
export function loadEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      return `  ${name}=${JSON.stringify(source[name] ?? '')}: ${issue.message}`;
    });
    throw new EnvError(`Invalid environment variables:\n${problems.join('\n')}`);
  }
  return { ...result.data, MAIL_OUTBOX_DIR: result.data.MAIL_OUTBOX_DIR ?? path.join(result.data.DATA_DIR, 'mail') };
}

function loadProcessEnv(): Env {
  try {
    return loadEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`[api] ${error.message}`);
    process.exit(1);
  }
}

/** process.env, validated once when this module is first imported. Exits with code 1 if invalid. */
export const env: Env = loadProcessEnv();
