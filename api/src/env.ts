import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

// An empty variable (`PORT=`) means "not set", as in most shells' .env habits.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

function absoluteDir(fallback: string) {
  return optional(z.string().default(fallback)).transform((dir) => path.resolve(dir));
}

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
});

export type Env = z.infer<typeof envSchema>;

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
  return result.data;
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
