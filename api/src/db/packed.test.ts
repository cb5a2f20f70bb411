import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ME_USER_COLUMNS } from '../accounts/users';
import { createUser, loggedIn, startTestApi, type TestApi } from '../test/api';
import { packed, packedRows } from './packed';
import { sessions, uploads, users } from './schema';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('packed columns (one json value) decode to what a plain select of the same columns gives', () => {
  it('every kind of column of the current user: text, integers, booleans, timestamps (µs), dates, nulls, an expression', async () => {
    const user = await createUser(api, { corporate_division: 'individual', last_name: '佐藤', first_name: '花子' });
    // Values of every shape, microseconds and a JST wall time included; some left null.
    await api.database.pool.query(
      `update users set identity_valid_date = '2027-03-31', last_login = '2026-04-01 23:59:59.123456+09',
         updated_at = '2026-04-02 00:00:00.000001+00', user_segment = 'pilot', owner_phone = '0312345678',
         company_name = 'カブシキガイシャ "引用" \\ 改行
二行目' where email = $1`,
      [user.email],
    );
    const where = eq(users.email, user.email);
    const [plain] = await api.context.db.select(ME_USER_COLUMNS).from(users).where(where);
    const [row] = await api.context.db
      .select({ user: packed(ME_USER_COLUMNS) })
      .from(users)
      .where(where);
    expect(plain?.email).toBe(user.email);
    expect(row?.user).toEqual(plain);
    expect(row?.user.lastLogin).toBeInstanceOf(Date);
    expect(row?.user.lastLogin?.toISOString()).toBe('2026-04-01T14:59:59.123Z');
    expect(row?.user.identityValidDate).toBe('2027-03-31');
    expect(row?.user.financialStatementsValidDate).toBeNull();
    expect(row?.user.hasUsablePassword).toBe(true);
    expect(row?.user.companyName).toBe('カブシキガイシャ "引用" \\ 改行\n二行目');
  });

  it('whole rows of the session lookup: every column of users and sessions, a jsonb column (an object, and a json string) included', async () => {
    const user = await createUser(api);
    await loggedIn(api, user);
    const where = eq(users.email, user.email);
    const whole = { session: getTableColumns(sessions), user: getTableColumns(users) };
    const read = async () => {
      const [plain] = await api.context.db.select(whole).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where);
      const [row] = await api.context.db
        .select({ session: packed(whole.session), user: packed(whole.user) })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(where);
      return { plain, row };
    };
    await api.database.pool.query(`update users set pre_entry = '{"answer": "yes", "n": 1}' where email = $1`, [user.email]);
    const first = await read();
    expect(first.plain?.user.email).toBe(user.email);
    expect(first.row).toEqual(first.plain);
    expect(first.row?.user.preEntry).toEqual({ answer: 'yes', n: 1 });
    // A jsonb holding the string "123" stays that string (drizzle's own select parses it a second
    // time, into the number 123; no column of ours holds a bare json string).
    await api.database.pool.query(`update users set pre_entry = '"123"' where email = $1`, [user.email]);
    expect((await read()).row?.user.preEntry).toBe('123');
  });

  it('the rows of a subquery in its order, [] when there is none', async () => {
    const user = await createUser(api);
    const [{ id: userId } = { id: 0 }] = await api.context.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    const columns = { id: uploads.id, name: uploads.name, side: uploads.side, attachedAt: uploads.profileAttachedAt };
    const filesOf = async () => {
      const [row] = await api.context.db
        .select({
          files: packedRows(
            columns,
            sql`from ${uploads} where ${uploads.userId} = ${users.id} and ${uploads.profileAttachedAt} is not null`,
            sql`${uploads.profileAttachedAt}, ${uploads.id}`,
          ),
        })
        .from(users)
        .where(eq(users.id, userId));
      return row?.files;
    };
    expect(await filesOf()).toEqual([]);

    const insert = (name: string, attachedAt: string | null) =>
      api.database.pool.query(
        `insert into uploads (user_id, kind, name, content_type, size, sha256, storage_key, side, profile_attached_at, created_at)
         values ($1, 'identity', $2, 'image/jpeg', 1, 'x', $2, 'front', $3, now())`,
        [userId, name, attachedAt],
      );
    await insert('later.jpg', '2026-04-03 00:00:00+00');
    await insert('never-attached.jpg', null);
    await insert('earlier.jpg', '2026-04-02 00:00:00.5+00');
    const files = await filesOf();
    expect(files?.map((f) => f.name)).toEqual(['earlier.jpg', 'later.jpg']);
    expect(typeof files?.[0]?.id).toBe('number');
    expect(files?.[0]).toEqual({
      id: files?.[0]?.id,
      name: 'earlier.jpg',
      side: 'front',
      attachedAt: new Date('2026-04-02T00:00:00.500Z'),
    });
  });
});
