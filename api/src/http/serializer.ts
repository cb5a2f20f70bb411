import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

/**
 * Response serialization (issue 12: the zod serializer was a fifth of `POST /api/me/`'s time).
 *
 * A response schema made only of plain data — objects (loose ones too), records, arrays, strings,
 * numbers, booleans, null, enums and literals, nullable, optional or defaulted, and unions of
 * these — is compiled once into a fast-json-stringify function
 * from its JSON Schema: it writes the schema's properties and only those (the contract's fields
 * leave the server, nothing else), without a parse per answer. Anything that
 * changes a value on its way out (a transform, a codec, a date), a recursive schema,
 * and anything the JSON Schema cannot say keeps the zod serializer
 * (fastify-type-provider-zod's: `safeEncode`, then JSON.stringify).
 *
 * What the fast path does not do is check the values (an email's form, a number's range, an enum's
 * member) — the handlers' answers are typed from the same schemas, and every API test runs with
 * `checked` on: both serializers run on each answer and a difference fails the request (500, the
 * difference in the log), so the test suite keeps proving that the two agree.
 */
export interface SerializerOptions {
  /** Run the zod serializer too and fail on any difference (the API tests; RESPONSE_CHECK=true). */
  readonly checked: boolean;
}

/** The zod definition types the fast path writes as they are. */
const PLAIN = new Set([
  'object',
  'array',
  'record',
  'union',
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'enum',
  'literal',
  'nullable',
  'optional',
  'readonly',
  'default',
  'unknown',
  'any',
]);

interface ZodDef {
  readonly type: string;
  readonly shape?: Record<string, $ZodType>;
  readonly element?: $ZodType;
  readonly innerType?: $ZodType;
  readonly catchall?: $ZodType;
  readonly options?: readonly $ZodType[];
  readonly keyType?: $ZodType;
  readonly valueType?: $ZodType;
  readonly values?: readonly unknown[];
}

const defOf = (schema: $ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** Whether every part of the schema is plain data (see above). */
export function isPlainSchema(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return false; // recursive: not for the fast path
  seen.add(schema);
  const def = defOf(schema);
  if (!PLAIN.has(def.type)) return false;
  if (def.type === 'literal' && !(def.values ?? []).every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v)))
    return false;
  const plain = (child: $ZodType | undefined) => child !== undefined && isPlainSchema(child, new Set(seen));
  if (def.type === 'object') {
    // A loose object passes unknown keys on (additionalProperties: {}); a strict one has none to
    // write (additionalProperties: false; zod would refuse an answer with more, the fast path drops them).
    if (def.catchall !== undefined && !['unknown', 'any', 'never'].includes(defOf(def.catchall).type)) return false;
    return Object.values(def.shape ?? {}).every(plain);
  }
  if (def.type === 'array') return plain(def.element);
  if (def.type === 'union') return (def.options ?? []).every(plain);
  if (def.type === 'record') return def.keyType !== undefined && defOf(def.keyType).type === 'string' && plain(def.valueType);
  if (def.innerType !== undefined) return plain(def.innerType);
  return true;
}

type JsonSchema = { [key: string]: unknown };

/**
 * zod's JSON Schema as fast-json-stringify reads it best: `anyOf: [S, {type: null}]` (zod's nullable)
 * becomes S with `nullable: true` (written directly instead of a choice validated per value).
 */
function forFastJson(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forFastJson);
  if (node === null || typeof node !== 'object') return node;
  const schema = node as JsonSchema;
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((s) => (s as JsonSchema).type === 'null');
    if (nullAt !== -1) {
      const { anyOf: _, ...rest } = schema;
      return { ...(forFastJson(anyOf[1 - nullAt]) as JsonSchema), ...rest, nullable: true };
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue;
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([name, child]) => [name, forFastJson(child)]))
        : forFastJson(value);
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles for a plain schema, or undefined when there is none. */
function fastJsonSchema(schema: $ZodType): JsonSchema | undefined {
  if (!isPlainSchema(schema)) return undefined;
  let json: unknown;
  try {
    json = forFastJson(toJSONSchema(schema as never, { io: 'output', unrepresentable: 'throw', reused: 'inline', cycles: 'throw' }));
  } catch {
    return undefined;
  }
  if (JSON.stringify(json).includes('"$ref"')) return undefined;
  return json as JsonSchema;
}

/** A compiled writer: the answer's JSON text. */
type Writer = (data: unknown) => string;

const compile = (json: JsonSchema): Writer => fastJson(json as unknown as Parameters<typeof fastJson>[0]);

/**
 * Whether an answer fits an object option by its keys: every required one there, no unknown one
 * if the option is strict, and a literal's or an enum's key (a discriminator) holding one of its values.
 */
function fitsKeys(option: $ZodType, json: JsonSchema): (data: unknown) => boolean {
  const properties = (json.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = (json.required as string[] | undefined) ?? [];
  // zod's strictObject refuses unknown keys (its JSON Schema says additionalProperties: false for a
  // plain object too, whose unknown keys are only dropped).
  const catchall = defOf(option).catchall;
  const strict = catchall !== undefined && defOf(catchall).type === 'never';
  const known = new Set(Object.keys(properties));
  const fixed: [string, readonly unknown[]][] = [];
  for (const [key, property] of Object.entries(properties)) {
    if ('const' in property) fixed.push([key, [property.const]]);
    else if (Array.isArray(property.enum)) fixed.push([key, property.enum]);
  }
  return (data) => {
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return false;
    const record = data as Record<string, unknown>;
    for (const key of required) if (record[key] === undefined) return false;
    for (const [key, values] of fixed) if (record[key] !== undefined && !values.includes(record[key])) return false;
    if (strict) for (const key in record) if (record[key] !== undefined && !known.has(key)) return false;
    return true;
  };
}

/**
 * A union of object schemas (`POST /api/me/`: the user, or `{}` for a visitor): each option compiled
 * on its own, the answer written by the first option its keys fit (as zod tries the options in
 * order). fast-json-stringify would validate the answer against each option's whole JSON Schema
 * (formats included: ≈ 10 µs of every `POST /api/me/`, issue 12) to choose; an answer no option's
 * keys fit still goes through that.
 */
function objectUnionWriter(options: readonly $ZodType[], whole: JsonSchema): Writer | undefined {
  if (options.length < 2 || !options.every((option) => defOf(option).type === 'object')) return undefined;
  const compiled: { fits: (data: unknown) => boolean; write: Writer }[] = [];
  for (const option of options) {
    const json = fastJsonSchema(option);
    if (json === undefined) return undefined;
    compiled.push({ fits: fitsKeys(option, json), write: compile(json) });
  }
  let validated: Writer | undefined;
  return (data) => {
    for (const option of compiled) if (option.fits(data)) return option.write(data);
    validated ??= compile(whole);
    return validated(data);
  };
}

/** The compiled writer of a plain schema, or undefined when it must go through zod. */
export function fastWriter(schema: $ZodType): Writer | undefined {
  const json = fastJsonSchema(schema);
  if (json === undefined) return undefined;
  const def = defOf(schema);
  if (def.type === 'union') {
    const byKeys = objectUnionWriter(def.options ?? [], json);
    if (byKeys !== undefined) return byKeys;
  }
  return compile(json);
}

/** Fastify's serializer compiler for the catalogue's response schemas (see above). */
export function responseSerializerCompiler(options: SerializerOptions): FastifySerializerCompiler<unknown> {
  return (route) => {
    const viaZod = (zodSerializerCompiler as FastifySerializerCompiler<unknown>)(route);
    const fast = fastWriter(route.schema as $ZodType);
    if (fast === undefined) return viaZod;
    return options.checked ? checkedWriter(fast, viaZod, `${route.method} ${route.url}`) : fast;
  };
}

/** The fast writer, run after the zod serializer, whose answer it must equal (the same JSON value). */
export function checkedWriter(
  fast: (data: unknown) => string,
  viaZod: (data: unknown) => string,
  label: string,
): (data: unknown) => string {
  return (data: unknown) => {
    const expected = viaZod(data);
    const written = fast(data);
    // The same JSON value (an object's keys may come in another order: fast-json-stringify writes
    // the required ones first).
    if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
      // On the console too: the tests' logger is silent, and this is a defect to see at once.
      console.error(`[serializer] ${label}\n  fast: ${written}\n  zod:  ${expected}`);
      throw new Error(`${label}: the fast serializer wrote ${written}, the zod serializer ${expected}`);
    }
    return written;
  };
}
