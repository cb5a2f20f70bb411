import { is, Placeholder, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { AppDrizzle } from './database';
import { packedDecoder } from './packed';

/** The row of a direct statement: each field decoded by its own decoder. */
export type DirectRow<F extends Record<string, SQL<unknown>>> = { [K in keyof F]: F[K] extends SQL<infer T> ? T : never };

export interface DirectStatement<F extends Record<string, SQL<unknown>>> {
  /** The rows for these placeholder values (`sql.placeholder(name)` in the query). */
  execute(values: Readonly<Record<string, unknown>>): Promise<DirectRow<F>[]>;
}

/** The pool under a drizzle handle (drizzle() gives it as `$client`). */
function poolOf(db: AppDrizzle): pg.Pool {
  const pool = (db as AppDrizzle & { $client?: pg.Pool }).$client;
  if (pool === undefined) throw new Error('a direct statement needs the database handle itself, not a transaction');
  return pool;
}

/**
 * A hot read statement run by node-postgres itself, as a named statement (planned once per
 * connection): drizzle builds its SQL once (`toSQL()` of the select over `fields`), and each row is
 * decoded by the fields' own decoders, as drizzle would. Drizzle's execute() wraps each
 * call in tracing spans, a cache lookup and three async layers: ≈ 5 µs and a dozen objects kept
 * alive across the round trip, on the session lookup of every request (issue 12's profile of
 * POST /api/me/). The fields are packed columns (db/packed.ts: json values, one decoder each);
 * db/direct.test.ts compares the rows with drizzle's own.
 */
export function directStatement<F extends Record<string, SQL<unknown>>>(
  db: AppDrizzle,
  name: string,
  fields: F,
  build: (select: ReturnType<typeof selectOf<F>>) => { toSQL(): { sql: string; params: unknown[] } },
): DirectStatement<F> {
  const pool = poolOf(db);
  const { sql: text, params } = build(selectOf(db, fields)).toSQL();
  const keys = Object.keys(fields) as (keyof F & string)[];
  const decoders = keys.map((key) => {
    const decode = packedDecoder(fields[key]!);
    if (decode === undefined) throw new Error(`${name}: field ${key} is not packed (db/packed.ts)`);
    return decode;
  });
  return {
    async execute(values) {
      const result = await pool.query<unknown[]>({
        name,
        text,
        values: params.map((param) => (is(param, Placeholder) ? values[param.name] : param)),
        rowMode: 'array',
      });
      return result.rows.map((cells) => {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) {
          const value = cells[i];
          row[keys[i]!] = value === null || value === undefined ? null : decoders[i]!(value);
        }
        return row as DirectRow<F>;
      });
    },
  };
}

function selectOf<F extends Record<string, SQL<unknown>>>(db: AppDrizzle, fields: F) {
  return db.select(fields);
}
