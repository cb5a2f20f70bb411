import { Column, sql, type GetColumnData, type SQL } from 'drizzle-orm';

/**
 * Columns read as ONE json value (`json_build_array(a, b, …)`) instead of one result column each.
 *
 * node-postgres describes every column of every execution of a statement (RowDescription, a type
 * parser looked up and a row template built per column, each time), so a hot statement that reads
 * thirty columns pays for thirty. Packed, the same values cross as one json column and are decoded
 * here with each column's own driver mapping (timestamps → Date, dates as strings, …), to exactly what
 * a plain select of the same columns gives (db/packed.test.ts compares the two). Used by
 * `POST /api/me/` (modules/me/service.ts), the first request of every page (issue 12's profile).
 */
export type PackedColumns = Record<string, Column | SQL<unknown>>;

export type Unpacked<T extends PackedColumns> = {
  [K in keyof T]: T[K] extends Column ? GetColumnData<T[K]> : T[K] extends SQL<infer U> ? U : never;
};

const JSON_TYPES = new Set(['json', 'jsonb']);

/** How one packed value is decoded: its column's driver mapping (json values arrive parsed already). */
type Decoder = (value: unknown) => unknown;
const asIs: Decoder = (value) => value;

/** The decoders of the named columns, in order, worked out once per packed field (not per row). */
function decodersOf<T extends PackedColumns>(columns: T, keys: readonly (keyof T & string)[]): Decoder[] {
  return keys.map((key) => {
    const column = columns[key];
    // json/jsonb values arrive parsed already (nested json): their mapping would parse a string again.
    if (!(column instanceof Column) || JSON_TYPES.has(column.getSQLType())) return asIs;
    return (value) => column.mapFromDriverValue(value);
  });
}

/** Decodes one packed array (as json_build_array wrote it) into the named columns. */
function unpack(keys: readonly string[], decoders: readonly Decoder[], values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const value = values[i] ?? null;
    row[keys[i]!] = value === null ? null : decoders[i]!(value);
  }
  return row;
}

/** How each packed field decodes its json value (for statements run without drizzle: db/direct.ts). */
const packedDecoders = new WeakMap<SQL<unknown>, (value: never) => unknown>();

/** The decoder of a field made by packed() or packedRows(); undefined for any other SQL. */
export function packedDecoder(field: SQL<unknown>): ((value: unknown) => unknown) | undefined {
  return packedDecoders.get(field) as ((value: unknown) => unknown) | undefined;
}

function withDecoder<T>(field: SQL, decode: (value: never) => T): SQL<T> {
  const mapped = field.mapWith(decode);
  packedDecoders.set(mapped, decode);
  return mapped;
}

/** `json_build_array(columns…)` as one selected field, decoded to an object of the columns. */
export function packed<T extends PackedColumns>(columns: T): SQL<Unpacked<T>> {
  const keys = Object.keys(columns) as (keyof T & string)[];
  const decoders = decodersOf(columns, keys);
  return withDecoder(
    sql`json_build_array(${sql.join(
      keys.map((key) => columns[key]!),
      sql`, `,
    )})`,
    (values: unknown[]) => unpack(keys, decoders, values) as Unpacked<T>,
  );
}

/**
 * The rows of a correlated subquery as one json array of packed rows (`[]` when there is none),
 * decoded to objects of the columns, in the subquery's order.
 */
export function packedRows<T extends PackedColumns>(columns: T, from: SQL, orderBy: SQL): SQL<Unpacked<T>[]> {
  const keys = Object.keys(columns) as (keyof T & string)[];
  const decoders = decodersOf(columns, keys);
  const row = sql`json_build_array(${sql.join(
    keys.map((key) => columns[key]!),
    sql`, `,
  )})`;
  return withDecoder(sql`coalesce((select json_agg(${row} order by ${orderBy}) ${from}), '[]'::json)`, (rows: unknown[][]) =>
    rows.map((values) => unpack(keys, decoders, values) as Unpacked<T>),
  );
}
