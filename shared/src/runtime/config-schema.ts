import * as z from 'zod/mini';
import { isConfigLinkUrl, isHttpOrigin, OPERATOR_FIELDS, type RuntimeConfig } from './config';

const ConfigLinkUrlSchema = z.string().check(z.refine(isConfigLinkUrl, { error: 'a path of this site or an http(s) URL' }));
const NonBlankSchema = z.string().check(z.refine((text) => text.trim() !== '', { error: 'not blank' }));

/**
 * `/config.json` as a schema (the contract of the file; config.ts `RuntimeConfig` documents each
 * field). The pages read the file with `parseRuntimeConfig`, which config.test.ts holds to this
 * schema's verdicts and output; the build-time prerender and the tests use the schema.
 */
export const RuntimeConfigSchema: z.ZodMiniType<RuntimeConfig> = z.object({
  supportUrl: z.optional(z.string().check(z.minLength(1))),
  loginUrl: z.string().check(z.minLength(1)),
  individualsSupported: z.boolean(),
  operator: z.optional(
    z.partial(
      z.object(
        Object.fromEntries(OPERATOR_FIELDS.map((f) => [f, z.string()])) as Record<(typeof OPERATOR_FIELDS)[number], z.ZodMiniString>,
      ),
    ),
  ),
  helpLinks: z.optional(z.array(z.object({ label: NonBlankSchema, url: ConfigLinkUrlSchema }))),
  cardPaymentBanner: z.optional(z.object({ text: NonBlankSchema, url: ConfigLinkUrlSchema, linkLabel: z.optional(NonBlankSchema) })),
  remoteOrigins: z.optional(z.array(z.string().check(z.refine(isHttpOrigin, { error: 'an http(s) origin (no path)' })))),
});
