import fc from 'fast-check';
import * as z from 'zod/mini';
import { endpoints, listEndpoints, pathParamNames, type AnyEndpoint, type StaffRole } from '@app/contracts';
import { REVIEW_STATUS } from '@app/contracts/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicant,
  completeDocument,
  PDF,
  submit,
  upload,
  uploadCompleteFiles,
  type Applicant,
  type CompleteFiles,
} from '../modules/entries/testing';
import {
  Agent,
  createStaff,
  loggedIn,
  multipartBody,
  newAgent,
  PASSWORD,
  registration,
  staffAgent,
  staffOtp,
  startTestApi,
  type TestApi,
  type TestStaff,
} from '../test/api';

/**
 * Issue 23: no input the catalogue accepts can answer 500. For every endpoint of the catalogue,
 * generated requests go through the real app on the real embedded PostgreSQL, as the caller the
 * endpoint lets in (a visitor, a logged-in applicant, staff of an allowed role; CSRF token sent),
 * and every answer must be below 500. The inputs, per run one part of the request (path
 * parameters, query, JSON body, multipart fields) generated and the others valid:
 * - `seed`: a request the endpoint accepts (SEEDS below), as it is;
 * - `mutate`: that request with one value anywhere in it replaced by an edge value (control
 *   characters, U+0000, bidi U+202E, lone surrogates, emoji, 70,000 characters, valid text of any
 *   length, 1e309, -0, 2^31, 2^53+2, 0000-12-31, 9999-99-99, null, [], {}, 5,000 levels of
 *   nesting), removed, wrapped in an array, or given an extra `__proto__`/`constructor`/`valueOf`
 *   key: a mostly valid body gets past validation to the service and the database;
 * - `derived`: a value generated from the endpoint's zod schema (its JSON Schema: types, enums,
 *   patterns, lengths);
 * - `noise`: any JSON-ish value (nested objects and arrays with the edge values and keys);
 * - `raw`: bodies no serializer makes (broken JSON, bad UTF-8, 5,000 levels of nesting, a BOM,
 *   other content types); path parameters such as 1e309, -1, ../, %00, 20 digits, non-ASCII.
 *
 * Bounded: FUZZ_RUNS runs per endpoint (default RUNS; about 1,000 requests in 20-30 s here), with
 * a fixed seed (DEFAULT_SEED: every `npm test` and CI sends the same inputs, so a red run is the
 * code's, never the dice's); `FUZZ_SEED=random` explores with a new seed each run (then printed on
 * a failure), `FUZZ_SEED=<n>` replays one. A failure names the endpoint and shows the shrunk request
 * as sent and the answer; rerun it with `FUZZ_SEED=<seed> pnpm exec vitest run --project api
 * src/http/catalogue-fuzz.test.ts -t '<endpoint id>'` (FUZZ_VERBOSE=1 prints each endpoint's
 * statuses). Rate limits and login throttles are emptied before each run, so the inputs reach the
 * handlers. It is not vacuous: each endpoint must answer some run with 2xx or 400, and a tenth of
 * all answers must be successes.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const RUNS_WITHOUT_INPUT = Math.max(1, Math.ceil(RUNS / 5));
/** The seed of `npm test` (bump it to explore new inputs in CI; FUZZ_SEED=random explores locally). */
const DEFAULT_SEED = 20261128;
const SEED = process.env.FUZZ_SEED === 'random' ? undefined : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);

/** Endpoints not fuzzed, each with the reason. */
const NOT_FUZZED: Record<string, string> = {
  'events.stream': 'a server-sent event stream: it never ends, so inject would wait for ever (events tests cover it)',
};

const catalogue: AnyEndpoint[] = listEndpoints(endpoints).filter((e) => NOT_FUZZED[e.id] === undefined);

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

/** JSON text put into the body as it is (a number JSON.stringify cannot write, e.g. 1e309). */
class Raw {
  constructor(readonly text: string) {}
  toJSON(): string {
    return `Raw(${this.text})`;
  }
}

function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, inner]) => `${JSON.stringify(key)}:${toJson(inner)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '株式会社\u0000',
  '\u202Egnp.exe',
  'abc\u202E\u2066x',
  '\uD800',
  '\uDC00x',
  'x\uD83D',
  '😀',
  '👨‍👩‍👧‍👦🇯🇵',
  '\r\n',
  'line\nbreak',
  '\t',
  '\u0085\u2028\u2029',
  '\uFEFF',
  '\u200B',
  'ｱｲｳ',
  '１２３４５',
  '0000-12-31',
  '9999-99-99',
  '2026-02-30',
  '2026-13-01',
  '0001-01-01',
  '+275760-09-13',
  '-000001-01-01',
  '1970-01-01T00:00:00Z',
  '2026-06-30\u0000',
  '10000000000000000',
  '99999999999999999999999999999999',
  '-1',
  '-0',
  '0',
  '1e309',
  '1e-400',
  '0x10',
  '1_000',
  'NaN',
  'Infinity',
  '1.5',
  '1,000,000',
  '¥1,000',
  'true',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  '%',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '${7*7}{{7*7}}',
  'https://evil.example/',
  'a@b',
  'user@example.jp\r\nBcc: x@example.jp',
];

const RAW_NUMBERS = ['1e309', '-1e309', '1e-400', '-0', '123456789012345678901234567890', '0.1e1', '1E2', '9007199254740993'];
const EDGE_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  0.1,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e15,
  1e16,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];
const EDGE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '',
  ' ',
  '\u0000',
  'id',
  'user_id',
  'status',
];

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const edgeString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...EDGE_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: codeUnit, maxLength: 24 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 24 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'あ', '😀', '\u0000', '\u202E', 'ｱ', '9'), fc.integer({ min: 256, max: 70_000 }))
      .map(([unit, count]) => unit.repeat(count)),
    weight: 1,
  },
);
/** Text such fields hold when valid (amounts, dates, kana, names, phone numbers). */
const PLAUSIBLE = [
  '株式会社テスト',
  '山田',
  'ﾔﾏﾀﾞ',
  'ヤマダ',
  '1000000',
  '80',
  '2026-06-30',
  '2027-03-31',
  '03-1234-5678',
  '1500002',
  '東京都',
  'true',
  'a@example.jp',
];

/** Text a person might type, valid by itself, short or long (a valid value of another length reaches the handler too). */
const JAPANESE_TEXT_UNITS = [...'あいうえおアイウエオｱｲｳｴｵ株式会社山田太郎請求書東京都渋谷区１２３abcXYZ019 -ー（）・、。@.'];
const plausibleText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PLAUSIBLE),
  fc.string({ unit: fc.constantFrom(...JAPANESE_TEXT_UNITS), minLength: 1, maxLength: 30 }),
  fc
    .tuple(fc.string({ unit: fc.constantFrom(...JAPANESE_TEXT_UNITS), minLength: 1, maxLength: 8 }), fc.integer({ min: 2, max: 600 }))
    .map(([chunk, times]) => chunk.repeat(times)),
);
const edgeNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(...RAW_NUMBERS).map((text) => new Raw(text)),
);
/** Values nested deeper than a recursive walk's stack (JSON.parse takes them). */
const DEEP = [new Raw(`${'['.repeat(5000)}${']'.repeat(5000)}`), new Raw(`${'{"a":'.repeat(5000)}null${'}'.repeat(5000)}`)];

const edgeLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: edgeString, weight: 4 },
  { arbitrary: plausibleText, weight: 3 },
  { arbitrary: edgeNumber, weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.constantFrom([], {}, [null], { '': null }), weight: 1 },
  { arbitrary: fc.constantFrom(...DEEP), weight: 1 },
);
const keyOf = (known: readonly string[]) =>
  fc.oneof(fc.constantFrom(...EDGE_KEYS, ...known), fc.string({ maxLength: 12 }), fc.string({ unit: codeUnit, maxLength: 6 }));

/** Any JSON-ish value: nested objects (own `__proto__` keys included) and arrays of the edge values. */
const noise = (known: readonly string[] = []): fc.Arbitrary<unknown> =>
  fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      edgeLeaf,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.array(fc.tuple(keyOf(known), tie('value')), { maxLength: 5 }).map((entries) => Object.fromEntries(entries)),
    ),
  })).value;

// ---------------------------------------------------------------------------------------------
// Values from the endpoint's schema (its JSON Schema, as the API document has it)
// ---------------------------------------------------------------------------------------------

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
}

const jsonSchemaOf = (schema: z.core.$ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

function stringFrom(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern !== undefined) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // a pattern fast-check cannot generate from: plain strings then
    }
  }
  if (schema.format === 'email') return fc.emailAddress();
  return fc.oneof(plausibleText, fc.string({ maxLength: Math.min(schema.maxLength ?? 20, 40) }));
}

function fromSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options !== undefined && options.length > 0) return fc.oneof(...options.map((option) => fromSchema(option, depth + 1)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (types.length > 1) return fc.oneof(...types.map((type) => fromSchema({ ...schema, type }, depth)));
  switch (types[0]) {
    case 'string':
      return stringFrom(schema);
    case 'integer': {
      // Small values mostly, and the bounds themselves (the largest id the schema lets through).
      const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1_000_000 : schema.exclusiveMinimum + 1);
      const max = schema.maximum ?? 1_000_000;
      return fc.oneof(
        { arbitrary: fc.integer({ min: Math.max(min, -1_000_000), max: Math.min(max, 1_000_000) }), weight: 4 },
        { arbitrary: fc.constantFrom(min, max), weight: 1 },
      );
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(fromSchema(schema.items ?? {}, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      if (Object.keys(properties).length === 0 && typeof schema.additionalProperties === 'object') {
        return fc.dictionary(fc.string({ maxLength: 12 }), fromSchema(schema.additionalProperties, depth + 1), { maxKeys: 4 });
      }
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, inner] of Object.entries(properties)) record[key] = fromSchema(inner, depth + 1);
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return noise();
  }
}

// ---------------------------------------------------------------------------------------------
// One value changed anywhere in a valid request
// ---------------------------------------------------------------------------------------------

interface Mutation {
  readonly at: number;
  readonly kind: 'replace' | 'remove' | 'wrap' | 'extraKey';
  readonly value: unknown;
  readonly key: string;
}

const mutation = (known: readonly string[]): fc.Arbitrary<Mutation> =>
  fc.record({
    at: fc.nat(),
    kind: fc.constantFrom<Mutation['kind']>('replace', 'replace', 'replace', 'remove', 'wrap', 'extraKey'),
    value: fc.oneof({ arbitrary: edgeLeaf, weight: 4 }, { arbitrary: noise(known), weight: 1 }),
    key: keyOf(known),
  });

type Path = readonly (string | number)[];

function pathsIn(value: unknown, path: Path = []): Path[] {
  const inner: Path[] = [];
  if (Array.isArray(value)) value.forEach((item, index) => inner.push(...pathsIn(item, [...path, index])));
  else if (value !== null && typeof value === 'object' && !(value instanceof Raw)) {
    for (const [key, item] of Object.entries(value)) inner.push(...pathsIn(item, [...path, key]));
  }
  return [path, ...inner];
}

function mutate(base: unknown, m: Mutation): unknown {
  const copy: unknown = base === undefined ? undefined : (JSON.parse(JSON.stringify(base)) as unknown);
  const paths = pathsIn(copy);
  const path = paths[m.at % paths.length]!;
  if (path.length === 0) {
    if (m.kind === 'extraKey' && copy !== null && typeof copy === 'object' && !Array.isArray(copy)) {
      Object.defineProperty(copy, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
      return copy;
    }
    return m.kind === 'wrap' ? [copy] : m.value;
  }
  let parent = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  const current = parent[last];
  switch (m.kind) {
    case 'remove':
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
      break;
    case 'wrap':
      parent[last] = [current];
      break;
    case 'extraKey':
      if (current !== null && typeof current === 'object' && !Array.isArray(current)) {
        Object.defineProperty(current, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
        break;
      }
      parent[last] = m.value;
      break;
    default:
      parent[last] = m.value;
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

type Part = 'params' | 'query' | 'body' | 'multipart';

/** A request the endpoint accepts (or nearly: what a valid one looks like for this test's data). */
interface Valid {
  /** The caller, when the request needs its own (default: the endpoint's caller). */
  agent?: Agent;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  multipart?: Record<string, unknown>;
}

/** Bodies no JSON serializer writes, each with its content type. */
const RAW_BODIES: readonly { readonly payload: string | Buffer; readonly contentType?: string }[] = [
  { payload: '{', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: '{"a":1}garbage', contentType: 'application/json' },
  { payload: '{"a":1,"a":[2]}', contentType: 'application/json' },
  { payload: '{"__proto__":{"polluted":1}}', contentType: 'application/json' },
  { payload: '{"constructor":{"prototype":{"polluted":1}}}', contentType: 'application/json' },
  { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
  { payload: `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`, contentType: 'application/json' },
  { payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d]), contentType: 'application/json' },
  { payload: '\uFEFF{}', contentType: 'application/json' },
  { payload: '{}', contentType: 'application/json; charset=latin1' },
  { payload: '{}', contentType: 'application/json; charset=utf-16' },
  { payload: '"\\ud800"', contentType: 'application/json' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'hello', contentType: 'text/plain' },
  { payload: '<x/>', contentType: 'application/xml' },
  { payload: '{}', contentType: 'multipart/form-data' },
  { payload: '--x\r\nContent-Disposition: form-data; name="kind"\r\n\r\ninvoice\r\n', contentType: 'multipart/form-data; boundary=x' },
  { payload: '{}', contentType: '' },
];

/** Path parameter values a URL can carry (sent encoded unless `raw`). */
const EDGE_PARAMS: readonly { readonly text: string; readonly raw?: boolean }[] = [
  { text: '0' },
  { text: '-1' },
  { text: '1.5' },
  { text: '1e309' },
  { text: '99999999999999999999' },
  { text: '2147483648' },
  { text: '9007199254740993' },
  { text: '0x1F' },
  { text: ' 1' },
  { text: '１２' },
  { text: '請求書' },
  { text: '😀' },
  { text: '\u0000' },
  { text: '\u202E1' },
  { text: '\uD800' },
  { text: '../' },
  { text: '..', raw: true },
  { text: '%00', raw: true },
  { text: '%E0%A4%A', raw: true },
  { text: '%', raw: true },
  { text: '%2e%2e%2f', raw: true },
  { text: 'a'.repeat(600) },
  { text: 'f'.repeat(32) },
  { text: 'F'.repeat(32) },
];

type PartInput =
  | { readonly form: 'seed' }
  | { readonly form: 'mutate'; readonly base: unknown; readonly mutation: Mutation }
  | { readonly form: 'value'; readonly value: unknown }
  | { readonly form: 'raw'; readonly index: number };

interface Input {
  readonly focus: Part | 'none';
  readonly part: PartInput;
}

const partsOf = (e: AnyEndpoint): Part[] =>
  (['params', 'query', 'body', 'multipart'] as const).filter((part) => e.spec[part] !== undefined);

function partArbitrary(e: AnyEndpoint, part: Part, hasSeed: boolean): fc.Arbitrary<PartInput> {
  const schema = jsonSchemaOf(e.spec[part]!);
  const known = Object.keys(schema.properties ?? {});
  const derived = fromSchema(schema);
  const choices: fc.WeightedArbitrary<PartInput>[] = [
    {
      arbitrary: fc
        .record({ base: hasSeed ? fc.constant(undefined) : derived, mutation: mutation(known) })
        .map((m) => ({ form: 'mutate' as const, ...m })),
      weight: 5,
    },
    { arbitrary: derived.map((value) => ({ form: 'value' as const, value })), weight: 2 },
    { arbitrary: noise(known).map((value) => ({ form: 'value' as const, value })), weight: 2 },
  ];
  if (hasSeed) choices.push({ arbitrary: fc.constant({ form: 'seed' as const }), weight: 1 });
  if (part === 'body')
    choices.push({ arbitrary: fc.nat(RAW_BODIES.length - 1).map((index) => ({ form: 'raw' as const, index })), weight: 1 });
  if (part === 'params')
    choices.push({ arbitrary: fc.nat(EDGE_PARAMS.length - 1).map((index) => ({ form: 'raw' as const, index })), weight: 4 });
  return fc.oneof(...choices);
}

function inputArbitrary(e: AnyEndpoint, valid: Valid | undefined): fc.Arbitrary<Input> {
  const parts = partsOf(e);
  if (parts.length === 0) {
    // Nothing declared: what a client might send anyway (a body on an unsafe method, a query on any).
    return fc.oneof(
      noise().map((value) => ({ focus: 'none' as const, part: { form: 'value' as const, value } })),
      fc.nat(RAW_BODIES.length - 1).map((index) => ({ focus: 'none' as const, part: { form: 'raw' as const, index } })),
    );
  }
  return fc.oneof(
    ...parts.map((part) => partArbitrary(e, part, valid?.[part] !== undefined).map((input) => ({ focus: part, part: input }))),
  );
}

interface Built {
  readonly url: string;
  readonly payload?: string | Buffer;
  readonly contentType?: string;
  /** What was sent, for the failure message. */
  readonly shown: string;
}

/** encodeURIComponent, except that a lone surrogate goes out as its bytes (invalid UTF-8) instead of throwing. */
function encodeSegment(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value instanceof Raw ? value.text : value === undefined ? '' : toJson(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Raw);

function queryString(value: unknown): string {
  const search = new URLSearchParams();
  if (isRecord(value)) {
    for (const [key, inner] of Object.entries(value)) {
      // An array is the key repeated (?q=a&q=b), as a query parser reads it back.
      if (Array.isArray(inner)) for (const item of inner) search.append(key, asText(item));
      else search.append(key, asText(inner));
    }
  } else if (value !== undefined) search.append(asText(value), asText(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

function multipartFields(value: unknown): Record<string, string> {
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, asText(inner)]));
  }
  return { kind: asText(value) };
}

function resolve(part: PartInput, seed: unknown): { value: unknown } | { raw: number } {
  switch (part.form) {
    case 'seed':
      return { value: seed };
    case 'mutate':
      return { value: mutate(part.base ?? seed, part.mutation) };
    case 'value':
      return { value: part.value };
    default:
      return { raw: part.index };
  }
}

function build(e: AnyEndpoint, input: Input, valid: Valid, derivedParams: Record<string, string>): Built {
  const focused = (part: Part) => (input.focus === part ? resolve(input.part, valid[part]) : { value: valid[part] });
  const shown: string[] = [];

  // Path parameters: the valid ones, or the focused value as text (encoded unless a raw edge value).
  let params = e.path;
  const paramsValue = input.focus === 'params' ? resolve(input.part, valid.params) : { value: valid.params ?? derivedParams };
  for (const name of pathParamNames(e.path)) {
    let text: string;
    if ('raw' in paramsValue) {
      const edge = EDGE_PARAMS[paramsValue.raw]!;
      text = edge.raw === true ? edge.text : encodeSegment(edge.text);
    } else {
      const value = paramsValue.value;
      const chosen = isRecord(value) ? (name in value ? value[name] : (valid.params?.[name] ?? derivedParams[name])) : value;
      text = encodeSegment(asText(chosen));
    }
    params = params.replace(`{${name}}`, text === '' ? '%20' : text);
  }

  let query = '';
  if (input.focus === 'none') query = input.part.form === 'value' ? queryString(input.part.value) : '';
  else if (e.spec.query !== undefined) {
    const value = focused('query');
    query = 'value' in value ? queryString(value.value) : '';
  }
  const url = `${params}${query}`;
  shown.push(`${e.method} ${url.length > 300 ? `${url.slice(0, 300)}…` : url}`);

  const unsafe = e.method !== 'GET';
  if (e.spec.multipart !== undefined) {
    const fieldsValue = focused('multipart');
    const fields = multipartFields('raw' in fieldsValue ? RAW_BODIES[fieldsValue.raw]!.payload.toString() : fieldsValue.value);
    const { payload, contentType } = multipartBody(fields, { name: '請求書.pdf', content: PDF, type: 'application/pdf' });
    shown.push(`multipart fields ${JSON.stringify(fields).slice(0, 500)}`);
    return { url, payload, contentType, shown: shown.join('\n') };
  }
  if (!unsafe) return { url, shown: shown.join('\n') };
  const bodyValue = e.spec.body !== undefined ? focused('body') : input.focus === 'none' ? resolve(input.part, {}) : { value: {} };
  if ('raw' in bodyValue) {
    const raw = RAW_BODIES[bodyValue.raw]!;
    shown.push(`body (${raw.contentType ?? 'no content type'}) ${JSON.stringify(raw.payload.toString().slice(0, 200))}`);
    return {
      url,
      payload: raw.payload,
      ...(raw.contentType === undefined ? {} : { contentType: raw.contentType }),
      shown: shown.join('\n'),
    };
  }
  const text = bodyValue.value === undefined ? '' : toJson(bodyValue.value);
  shown.push(`body ${text.length > 600 ? `${text.slice(0, 600)}… (${text.length} characters)` : text}`);
  return { url, ...(bodyValue.value === undefined ? {} : { payload: text, contentType: 'application/json' }), shown: shown.join('\n') };
}

// ---------------------------------------------------------------------------------------------
// The data the valid requests refer to
// ---------------------------------------------------------------------------------------------

let api: TestApi;
let owner: Applicant;
let files: CompleteFiles;
/** Files in no entry yet (a draft refuses submitted ones). */
let draftFiles: CompleteFiles;
let entry: { id: number; claimId: number };
let staffMember: TestStaff;
const staffAgents = new Map<StaffRole, Agent>();
let csrfToken: string;
const uploadsOf: Record<string, number> = {};
let otherSession: string;

async function submittedEntry(who: Applicant): Promise<{ id: number; claimId: number; files: CompleteFiles }> {
  const own = await uploadCompleteFiles(who.agent);
  const response = await submit(who.agent, completeDocument(own));
  if (response.statusCode !== 201) throw new Error(`submit: ${response.statusCode} ${response.body}`);
  const created = response.json<{ id: number; claims: { id: number }[] }>();
  return { id: created.id, claimId: created.claims[0]!.id, files: own };
}

/** The profile as the applicant's PATCH sends it back (only the keys the body takes). */
async function profileBody(e: AnyEndpoint, who: Applicant): Promise<Record<string, unknown>> {
  const profile = (await who.agent.get('/api/profile/')).json<Record<string, unknown>>();
  const keys = Object.keys(jsonSchemaOf(e.spec.body!).properties ?? {});
  return Object.fromEntries(keys.filter((key) => profile[key] !== undefined).map((key) => [key, profile[key]]));
}

interface Context {
  readonly caller: Applicant;
  /** The status of the endpoint's previous run. */
  readonly previous?: number;
}

/** A claim's terms the reviewer may set (can_buy at 80 %, fee 5 %, 660 yen bank charge). */
const TERMS = { decision: 'can_buy', purchase_ratio: '0.8', purchase_fee_ratio: '0.05', bank_charge: '660' } as const;

type OwnedEntry = Awaited<ReturnType<typeof submittedEntry>> & { readonly who: Applicant };

/** An entry the approver may approve: identity confirmed, every document confirmed, its claim priced. */
async function approvableEntry(): Promise<OwnedEntry> {
  const who = await applicant(api);
  const made = await submittedEntry(who);
  await api.database.pool.query('update users set identity_confirmation = $2, identity_valid_date = $3 where id = $1', [
    who.user.id,
    REVIEW_STATUS.confirmed,
    '2099-12-31',
  ]);
  const reviewer = staffAgents.get('reviewer')!;
  for (const body of [
    { group: 'withdrawals_detail', decision: 'confirmed' },
    { group: 'financial_statements', decision: 'confirmed' },
    { group: 'invoice', claim_id: made.claimId, decision: 'confirmed' },
    { group: 'additional_doc', claim_id: made.claimId, decision: 'confirmed' },
    TERMS,
  ]) {
    const url = 'group' in body ? `/api/staff/entries/${made.id}/documents/` : `/api/staff/claims/${made.claimId}/decision/`;
    const response = await reviewer.post(url, body);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  }
  return { ...made, who };
}

/** An entry under review whose invoice the reviewer found inadequate and sent back to the applicant. */
async function inadequateEntry(): Promise<OwnedEntry> {
  const who = await applicant(api);
  const made = await submittedEntry(who);
  const reviewer = staffAgents.get('reviewer')!;
  for (const [url, body] of [
    [
      `/api/staff/entries/${made.id}/documents/`,
      { group: 'invoice', claim_id: made.claimId, decision: 'inadequate', reason: '請求書の金額が読み取れません。' },
    ],
    [`/api/staff/entries/${made.id}/actions/`, { action: 'markInadequate', reason: '請求書の金額が読み取れません。' }],
  ] as const) {
    const response = await reviewer.post(url, body);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  }
  return { ...made, who };
}

let inadequate: OwnedEntry | undefined;
let approvable: OwnedEntry | undefined;
let signable: OwnedEntry | undefined;
const refreshes = { approvable: 0, signable: 0, inadequate: 0 };

/** The applicant of `entries.create` with files not submitted yet: a new one once an entry was made. */
let creator: { readonly who: Applicant; readonly files: CompleteFiles } | undefined;

/** A valid request per endpoint (made when its test starts; a function is called before every run). */
const SEEDS: Record<string, (context: Context) => Valid | Promise<Valid>> = {
  'register.create': () => ({ body: registration() }),
  'auth.login': () => ({ body: { email: owner.user.email, password: PASSWORD, persistLoginState: false } }),
  'password.reset': () => ({ body: { email: owner.user.email } }),
  'password.change': () => ({ body: { old_password: PASSWORD, new_password1: 'Sora-no-shita-2025', new_password2: 'Sora-no-shita-2025' } }),
  'profile.patch': async ({ caller }) => ({ body: await profileBody(endpoints.profile.patch, caller) }),
  'profile.patchWithoutSector': async ({ caller }) => ({ body: await profileBody(endpoints.profile.patchWithoutSector, caller) }),
  'profile.patchNameAndIdentity': async ({ caller }) => ({
    body: {
      ...(await profileBody(endpoints.profile.patchNameAndIdentity, caller)),
      identity_document_type: 'passport',
      addfiles: [uploadsOf.identity],
    },
  }),
  'accountSessions.revoke': () => ({ params: { id: otherSession } }),
  'mailChange.request': () => ({ body: { email: `new-${Math.random().toString(36).slice(2, 8)}@example.jp`, password: PASSWORD } }),
  'entries.get': () => ({ params: { id: String(entry.id) } }),
  'entries.review': async ({ previous }) => {
    // An entry the reviewer sent back (its invoice inadequate) and a new invoice; another entry once resubmitted.
    if (inadequate === undefined || (previous === 200 && refreshes.inadequate++ < 1)) inadequate = await inadequateEntry();
    const invoice = await upload(inadequate.who.agent, 'invoice', '請求書_再提出.pdf');
    return {
      agent: inadequate.who.agent,
      params: { id: String(inadequate.id) },
      body: { files: [{ id: invoice, group: 'invoice', claim_id: inadequate.claimId }] },
    };
  },
  'entries.cancel': () => ({ params: { id: String(entry.id) } }),
  'entries.contract': async ({ previous }) => {
    // An approved entry to sign (a second one once signed, so that a later run signs too).
    if (signable === undefined || (previous === 200 && refreshes.signable++ < 1)) {
      const ready = await approvableEntry();
      const approved = await staffAgents
        .get('approver')!
        .post(`/api/staff/entries/${ready.id}/approve/`, { contract_period: '2026-04-20' });
      if (approved.statusCode !== 200) throw new Error(`approve: ${approved.statusCode} ${approved.body}`);
      signable = ready;
    }
    return { agent: signable.who.agent, params: { id: String(signable.id) }, body: { agreed: true } };
  },
  // The entry entries.contract signed (it runs first), else the shared one.
  'entries.changeBankAccount': () => ({
    ...(signable === undefined ? {} : { agent: signable.who.agent }),
    params: { id: String((signable ?? entry).id) },
    body: { password: PASSWORD, bank_account: 'みずほ銀行 渋谷支店 普通 7654321 カ）ベツメイギ' },
  }),
  'entries.contractDocument': () => ({
    ...(signable === undefined ? {} : { agent: signable.who.agent }),
    params: { id: String((signable ?? entry).id) },
  }),
  'entries.create': async ({ previous }) => {
    if (creator === undefined || previous === 201) {
      const who = await applicant(api);
      creator = { who, files: await uploadCompleteFiles(who.agent) };
    }
    const { agent } = creator.who;
    const document = completeDocument(creator.files);
    const current = (await agent.get('/api/entries/draft/')).json<{ version: number }>().version;
    const saved = await agent.request('PUT', '/api/entries/draft/', { body: { version: current, data: document } });
    return { agent, body: { ...document, draft_version: saved.json<{ version: number }>().version } };
  },
  'entries.saveDraft': async ({ caller }) => ({
    body: {
      version: (await caller.agent.get('/api/entries/draft/')).json<{ version: number }>().version,
      data: completeDocument(draftFiles),
    },
  }),
  'ext.houjinbangou': () => ({ query: { name: 'サンプル' } }),
  'banks.search': () => ({ query: { q: 'みずほ' } }),
  'banks.branches': () => ({ params: { code: '0001' }, query: { q: '渋谷' } }),
  'uploads.create': () => ({ multipart: { kind: 'invoice' } }),
  'uploads.content': () => ({ params: { id: String(files.invoice) } }),
  'uploads.delete': () => ({ params: { id: String(uploadsOf.deletable) } }),
  'uploads.activeDelinquency': () => ({ body: { ids: [uploadsOf.delinquency] } }),
  'postalCodes.get': () => ({ params: { code: '1500002' } }),
  'staff.auth.login': async () => ({
    body: { email: staffMember.email, password: staffMember.password, otp: await staffOtp(api, staffMember) },
  }),
  'staff.entries.list': () => ({ query: { status: 'under_review', order: 'newest', limit: '10' } }),
  'staff.entries.get': () => ({ params: { id: String(entry.id) } }),
  'staff.entries.documents': () => ({
    params: { id: String(entry.id) },
    body: { group: 'invoice', claim_id: entry.claimId, decision: 'confirmed' },
  }),
  'staff.entries.action': () => ({
    params: { id: String(entry.id) },
    body: { action: 'markInadequate', reason: '請求書の金額が読み取れません。' },
  }),
  'staff.entries.confirmBankAccount': () => ({ params: { id: String(entry.id) } }),
  'staff.entries.approve': async ({ previous }) => {
    // An entry ready for approval (another one once approved, twice at most: each costs a second).
    if (approvable === undefined || (previous === 200 && refreshes.approvable++ < 2)) approvable = await approvableEntry();
    return { params: { id: String(approvable.id) }, body: { contract_period: '2026-04-20' } };
  },
  'staff.entries.contractDocument': () => ({ params: { id: String(entry.id) } }),
  'staff.claims.decision': () => ({
    params: { id: String(entry.claimId) },
    body: TERMS,
  }),
  'staff.claims.action': () => ({ params: { id: String(entry.claimId) }, body: { action: 'delay' } }),
  'staff.uploads.content': () => ({ params: { id: String(files.invoice) } }),
  'staff.applicants.search': () => ({ query: { q: '山田', identity: 'confirming', limit: '10' } }),
  'staff.applicants.get': () => ({ params: { id: String(owner.user.id) } }),
  'staff.applicants.addNote': () => ({ params: { id: String(owner.user.id) }, body: { body: '電話で確認しました。' } }),
  'staff.identityQueue.list': () => ({ query: { limit: '10' } }),
  'staff.exports.payouts': () => ({ query: { from: '2026-03-01', to: '2026-04-30' } }),
  'staff.exports.contracts': () => ({ query: { from: '2026-03-01', to: '2026-04-30' } }),
  'staff.users.identity': () => ({ params: { id: String(owner.user.id) }, body: { decision: 'confirmed', valid_date: '2027-03-31' } }),
};

/**
 * Endpoints that end or change the caller's session or password, or use up what the shared
 * applicant's other requests refer to: each gets an applicant of its own.
 */
const OWN_APPLICANT = new Set(['password.change', 'accountSessions.logoutAll', 'auth.logout', 'entries.cancel', 'mailChange.request']);

beforeAll(async () => {
  api = await startTestApi();
  owner = await applicant(api);
  const made = await submittedEntry(owner);
  entry = made;
  files = made.files;
  const identity = await owner.agent.upload('/api/uploads/', { kind: 'identity', side: 'front' }, { name: '旅券.pdf', content: PDF });
  uploadsOf.identity = identity.json<{ id: number }>().id;
  draftFiles = await uploadCompleteFiles(owner.agent);
  uploadsOf.deletable = await upload(owner.agent, 'invoice', '消す請求書.pdf');
  uploadsOf.delinquency = await upload(owner.agent, 'delinquency', '滞納.pdf');
  await loggedIn(api, owner.user);
  otherSession = (await owner.agent.get('/api/profile/sessions/')).json<{ id: string; current: boolean }[]>().find((s) => !s.current)!.id;
  staffMember = await createStaff(api, { role: 'reviewer' });
  for (const role of ['reviewer', 'approver', 'admin'] as const)
    staffAgents.set(role, await staffAgent(api, await createStaff(api, { role })));
  csrfToken = (await newAgent(api)).cookies.get('csrftoken')!;
});

const totals = { runs: 0, endpoints: 0, statuses: new Map<number, number>() };

afterAll(async () => {
  const spread = [...totals.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  console.log(`catalogue fuzz: ${totals.runs} requests over ${totals.endpoints} endpoints (${spread.join(', ')})`);
  await api?.close();
});

async function callerOf(e: AnyEndpoint): Promise<{ agent: () => Agent; applicant: Applicant }> {
  if (typeof e.access === 'object') {
    const staff = staffAgents.get(e.access.staff[0]!)!;
    return { agent: () => staff, applicant: owner };
  }
  if (e.id === 'staff.auth.logout') {
    const staff = await staffAgent(api, await createStaff(api, { role: 'reviewer' }));
    return { agent: () => staff, applicant: owner };
  }
  if (e.access === 'visitor' && !OWN_APPLICANT.has(e.id)) {
    // A new browser (and client address) per request, with a CSRF cookie and header.
    return {
      agent: () => {
        const visitor = new Agent(api.app);
        visitor.cookies.set('csrftoken', csrfToken);
        return visitor;
      },
      applicant: owner,
    };
  }
  const who = OWN_APPLICANT.has(e.id) ? await applicant(api) : owner;
  if (e.id === 'entries.cancel') entry = await submittedEntry(who);
  return { agent: () => who.agent, applicant: who };
}

describe('no request the catalogue takes answers 500', () => {
  it('every endpoint is fuzzed or has a reason not to be', () => {
    expect(catalogue.length + Object.keys(NOT_FUZZED).length).toBe(listEndpoints(endpoints).length);
    for (const id of Object.keys(SEEDS)) expect(listEndpoints(endpoints).map((e) => e.id)).toContain(id);
  });

  it.each(catalogue.map((e) => [e.id, e] as const))('%s', async (_id, e) => {
    const previousEntry = entry;
    const { agent, applicant: caller } = await callerOf(e);
    const seedOf = SEEDS[e.id];
    const statuses = new Map<number, number>();
    let previous: number | undefined;
    const derivedParams =
      e.spec.params === undefined
        ? {}
        : (fc.sample(fromSchema(jsonSchemaOf(e.spec.params)), { numRuns: 1, seed: 1 })[0] as Record<string, string>);
    const firstValid = seedOf === undefined ? undefined : await seedOf({ caller });
    const runs = partsOf(e).length === 0 ? RUNS_WITHOUT_INPUT : RUNS;

    await fc.assert(
      fc.asyncProperty(inputArbitrary(e, firstValid), async (input) => {
        await api.database.pool.query('delete from rate_limit_hits; delete from login_attempts; delete from staff_login_attempts');
        const valid = seedOf === undefined ? {} : await seedOf({ caller, ...(previous === undefined ? {} : { previous }) });
        const request = build(e, input, valid, derivedParams);
        const response = await (valid.agent ?? agent()).request(e.method, request.url, {
          // The site's client sends X-CSRFToken on every call (staff file views count only with it).
          csrf: true,
          ...(request.payload === undefined ? {} : { body: request.payload }),
          ...(request.contentType === undefined ? {} : { headers: { 'content-type': request.contentType } }),
        });
        previous = response.statusCode;
        if (process.env.FUZZ_VERBOSE === 'seed' && input.part.form === 'seed')
          console.log(e.id, 'seed:', response.statusCode, response.body.slice(0, 300));
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) {
          throw new Error(
            `${e.id} (${e.method} ${e.path}) answered ${response.statusCode} ${response.body.slice(0, 300)}\n${request.shown}`,
          );
        }
      }),
      { numRuns: runs, ...(SEED === undefined ? {} : { seed: SEED }) },
    );

    entry = previousEntry;
    totals.endpoints += 1;
    for (const [status, count] of statuses) {
      totals.runs += count;
      totals.statuses.set(status, (totals.statuses.get(status) ?? 0) + count);
    }
    if (process.env.FUZZ_VERBOSE !== undefined) console.log(e.id, JSON.stringify([...statuses].sort(([a], [b]) => a - b)));
    const reached = [...statuses].filter(([status]) => (status >= 200 && status < 300) || status === 400);
    expect(reached.length, `${e.id}: no request got a 2xx or a 400 (only ${JSON.stringify([...statuses])})`).toBeGreaterThan(0);
    // Nothing the bodies carried polluted the prototypes.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('the runs reached the handlers: every endpoint ran, and a fair share of the answers is a success', () => {
    expect(totals.endpoints).toBe(catalogue.length);
    const successes = [...totals.statuses].filter(([status]) => status >= 200 && status < 300).reduce((sum, [, count]) => sum + count, 0);
    expect(successes / totals.runs).toBeGreaterThan(0.1);
    expect(totals.statuses.get(429) ?? 0).toBeLessThan(totals.runs / 20);
  });
});
