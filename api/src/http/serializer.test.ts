import { describe, expect, test, vi } from 'vitest';
import { z } from 'zod/mini';
import { endpoints, listEndpoints } from '@app/contracts';
import { meFixture } from '@app/mocks';
import { checkedWriter, fastWriter, isPlainSchema, responseSerializerCompiler } from './serializer';

const compile = (schema: unknown, checked = false) =>
  responseSerializerCompiler({ checked })({ schema, method: 'GET', url: '/api/x/', httpStatus: '200' }) as (data: unknown) => string;

describe('the compiled (fast) response writer', () => {
  test('writes the schema’s fields only: an unknown key does not leave the server', () => {
    const schema = z.object({ id: z.number(), name: z.string() });
    const write = fastWriter(schema)!;
    expect(JSON.parse(write({ id: 1, name: '山田', password_hash: 'secret' }))).toEqual({ id: 1, name: '山田' });
  });

  test('nullable, optional, loose objects, records and enums come out as zod writes them', () => {
    const schema = z.object({
      maybe: z.nullable(z.string()),
      later: z.optional(z.number()),
      kind: z.enum(['a', 'b']),
      files: z.array(z.looseObject({ id: z.number() })),
      meta: z.record(z.string(), z.number()),
    });
    const zod = compile(schema);
    expect(fastWriter(schema)).toBeInstanceOf(Function);
    for (const data of [
      { maybe: null, kind: 'a', files: [], meta: {} },
      { maybe: '値', later: 3, kind: 'b', files: [{ id: 1, name: 'a.pdf' }], meta: { x: 1 } },
    ]) {
      expect(JSON.parse(fastWriter(schema)!(data))).toEqual(JSON.parse(zod(data)));
    }
  });

  test('a union (POST /api/me/: the applicant or a visitor’s {}) writes the branch the answer is', () => {
    const schema = endpoints.me.get.responses[200];
    const write = fastWriter(schema as never)!;
    const me = meFixture();
    expect(JSON.parse(write(me))).toEqual(me);
    expect(write({})).toBe('{}');
  });

  test('a union of objects: the first option the answer’s keys fit (required keys, a discriminator’s value, a strict option’s keys), as zod chooses', () => {
    const schema = z.union([
      z.object({ kind: z.literal('a'), x: z.number() }),
      z.object({ kind: z.enum(['b', 'c']), y: z.string() }),
      z.object({ note: z.string() }),
      z.strictObject({}),
    ]);
    const write = fastWriter(schema)!;
    const zod = compile(schema);
    for (const data of [
      { kind: 'a', x: 1, y: 'not written' },
      { kind: 'b', x: 1, y: 'の' },
      { kind: 'c', y: 'の', note: 'not written' },
      { note: '備考', extra: true },
      {},
    ]) {
      expect(write(data)).toBe(zod(data));
    }
    expect(write({ kind: 'b', x: 1, y: 'の' })).toBe('{"kind":"b","y":"の"}');
    expect(write({})).toBe('{}');
    // Fits no option: fast-json-stringify's own choice, which refuses it as zod does.
    expect(() => write({ kind: 'a' })).toThrow();
    expect(() => zod({ kind: 'a' })).toThrow();
  });

  test.each([
    [
      'a transform',
      z.pipe(
        z.string(),
        z.transform((s: string) => s.length),
      ),
    ],
    ['a date', z.object({ at: z.date() })],
    [
      'a recursive schema',
      (() => {
        const node: z.ZodMiniType = z.object({
          get children() {
            return z.array(node);
          },
        });
        return node;
      })(),
    ],
  ])('%s keeps the zod serializer', (_label, schema) => {
    expect(isPlainSchema(schema as never)).toBe(false);
    expect(fastWriter(schema as never)).toBeUndefined();
  });

  test('most of the catalogue’s answers are written fast; /api/me/’s both ways', () => {
    const schemas = listEndpoints(endpoints).flatMap((e) => Object.values(e.responses).filter((s) => s !== null));
    const fast = schemas.filter((s) => fastWriter(s as never) !== undefined);
    expect(fast.length / schemas.length).toBeGreaterThan(0.75);
    for (const schema of Object.values(endpoints.me.get.responses)) expect(fastWriter(schema as never)).toBeInstanceOf(Function);
  });
});

describe('checked: both serializers, a difference fails the answer', () => {
  test('the same JSON value in another key order passes, and the fast text is sent', () => {
    const write = checkedWriter(
      () => '{"b":2,"a":1}',
      () => '{"a":1,"b":2}',
      'GET /x/',
    );
    expect(write({})).toBe('{"b":2,"a":1}');
  });

  test('a different value throws, naming both texts (and says so on the console)', () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const write = checkedWriter(
      () => '{"a":1}',
      () => '{"a":1,"b":2}',
      'GET /x/',
    );
    expect(() => write({})).toThrow('GET /x/: the fast serializer wrote {"a":1}, the zod serializer {"a":1,"b":2}');
    expect(printed).toHaveBeenCalledTimes(1);
    printed.mockRestore();
  });

  test('an answer that breaks the contract still fails through zod, checked or not compiled', () => {
    const schema = z.object({ email: z.email() });
    expect(() => compile(schema, true)({ email: 'not-an-address' })).toThrow();
    expect(compile(schema, false)({ email: 'a@example.com' })).toBe('{"email":"a@example.com"}');
  });
});
