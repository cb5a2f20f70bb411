import type { Pool } from 'pg';

/**
 * The operations desk at scale (issue 25): N applicants and M entries (one claim each) written with
 * set-based SQL, so 10,000 / 20,000 take seconds. Companies are named from a few katakana words
 * (「株式会社サクラ商事 12」), so a half-width fragment such as 「ｻｸﾗ」 finds a realistic share of them;
 * 5% of the identities wait (確認中); a tenth of the entries are 審査中, the rest spread over the
 * later statuses. Everything is marked as seeded: mail addresses `scale-<n>@seed.invalid`, entry
 * codes `S-<n>`. Used by `bench:staff` (a throwaway database) and `seed:scale` (yours).
 */
export interface ScaleSeed {
  readonly applicants: number;
  readonly entries: number;
}

export const COMPANY_WORDS = ['サクラ', 'ミドリ', 'アサヒ', 'ヒカリ', 'ツバサ', 'ミナト', 'カエデ', 'ホクト', 'ヤマト', 'コスモ'] as const;

export async function seedScale(pool: Pool, seed: ScaleSeed, now: Date): Promise<{ applicants: number; entries: number }> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const words = `array[${COMPANY_WORDS.map((word) => `'${word}'`).join(',')}]`;
    const base = (await client.query<{ n: string }>(`select coalesce(max(id), 0) as n from users`)).rows[0]?.n ?? '0';
    await client.query(
      `insert into users (email, is_active, last_name, first_name, company_name,
                          corporate_division, office_phone, owner_phone, identity_confirmation, created_at, updated_at)
       select 'scale-' || (i + $2::int) || '@seed.invalid', true,
              (array['山田','佐藤','鈴木','高橋','田中'])[1 + i % 5], (array['太郎','花子','一郎','陽子','健'])[1 + i % 5],
              '株式会社' || (${words})[1 + i % ${COMPANY_WORDS.length}] || '商事 ' || i, 'corporate',
              '03-' || lpad((i % 10000)::text, 4, '0') || '-' || lpad((i / 10000)::text, 4, '0'), '090-0000-' || lpad((i % 10000)::text, 4, '0'),
              case when i % 20 = 0 then 1 else 3 end,
              $3::timestamptz - make_interval(mins => i), $3::timestamptz - make_interval(mins => i)
       from generate_series(1, $1::int) as i`,
      [seed.applicants, Number(base), now.toISOString()],
    );
    const first = Number(base) + 1;
    const entryBase = (await client.query<{ n: string }>(`select coalesce(max(id), 0) as n from entries`)).rows[0]?.n ?? '0';
    await client.query(
      `insert into entries (code, user_id, status, purchase_amount_desired, purpose, created_at, updated_at)
       select 'S-' || lpad((j + $4::int)::text, 6, '0'), $2::int + (j % $3::int),
              case when j % 10 = 0 then 1 else (array[2,3,4,5,6])[1 + j % 5] end,
              1000000, '運転資金', $5::timestamptz - make_interval(mins => j), $5::timestamptz - make_interval(mins => j)
       from generate_series(1, $1::int) as j`,
      [seed.entries, first, seed.applicants, Number(entryBase), now.toISOString()],
    );
    await client.query(
      `insert into claims (entry_id, code, position, draft_key, obliger_company_name, amount, scheduled_deposit_amount_from_obliger,
                           obliger_payment_date, is_fixed_debt, is_bank_transfer_from_obliger, created_at, updated_at)
       select e.id, e.code || '-1', 1, 'c1', '株式会社ミナミ物産', 1100000, 1100000, date '2026-12-31', true, true, e.created_at, e.created_at
       from entries e where e.id > $1::int`,
      [Number(entryBase)],
    );
    await client.query('commit');
    await client.query('analyze users; analyze entries; analyze claims');
    return { applicants: seed.applicants, entries: seed.entries };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
