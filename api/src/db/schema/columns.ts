import { numeric } from 'drizzle-orm/pg-core';

/** Timestamps with their time zone. */
export const tz = { withTimezone: true } as const;

/** Whole yen (purchase amounts, fees, charges): up to 10^13 - 1 yen, read back as a decimal string. */
export const yen = (name: string) => numeric(name, { precision: 15, scale: 0 });
/** A ratio 0 ≤ r ≤ 1 with 4 places (掛目, 手数料率). */
export const ratio = (name: string) => numeric(name, { precision: 5, scale: 4 });
