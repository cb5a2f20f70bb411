import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ME_USER_COLUMNS } from '../accounts/users';
import { createUser, loggedIn, startTestApi, type TestApi } from '../test/api';
import { directStatement } from './direct';
import { packed, packedRows } from './packed';
import { sessions, uploads, users } from './schema';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('a direct statement gives the rows drizzle gives for the same select', () => {
  const fields = () => ({
    session: packed(getTableColumns(sessions)),
    user: packed(ME_USER_COLUMNS),
    files: packedRows(
      { id: uploads.id, name: uploads.name, attachedAt: uploads.profileAttachedAt },
      sql`from ${uploads} where ${uploads.userId} = ${users.id} and ${uploads.profileAttachedAt} is not null`,
      sql`${uploads.profileAttachedAt}, ${uploads.id}`,
    ),
  });
  const where = eq(users.email, sql.placeholder('email'));

  it('the same rows, placeholders filled by name; no row for a value nobody has', async () => {
    const user = await createUser(api, { last_name: '佐藤', first_name: '花子' });
    await loggedIn(api, user);
    await api.database.pool.query(
      `update users set last_login = '2026-04-01 23:59:59.123456+09', identity_valid_date = '2027-03-31' where email = $1`,
      [user.email],
    );
    await api.database.pool.query(
      `insert into uploads (user_id, kind, name, content_type, size, sha256, storage_key, side, profile_attached_at, created_at)
       select id, 'identity', 'a.jpg', 'image/jpeg', 1, 'x', 'a.jpg', 'front', '2026-04-02 00:00:00.5+00', now() from users where email = $1`,
      [user.email],
    );
    const db = api.context.db;
    const direct = directStatement(db, 'test_direct_same_rows', fields(), (select) =>
      select.from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where),
    );
    const viaDrizzle = await db
      .select(fields())
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(where)
      .execute({ email: user.email });
    const rows = await direct.execute({ email: user.email });
    expect(rows).toHaveLength(1);
    expect(rows).toEqual(viaDrizzle);
    expect(rows[0]?.user.email).toBe(user.email);
    expect(rows[0]?.user.lastLogin?.toISOString()).toBe('2026-04-01T14:59:59.123Z');
    expect(rows[0]?.session.lastSeenAt).toBeInstanceOf(Date);
    const [file] = rows[0]?.files ?? [];
    expect(typeof file?.id).toBe('number');
    expect(file).toEqual({ id: file?.id, name: 'a.jpg', attachedAt: new Date('2026-04-02T00:00:00.500Z') });
    // Run again (the named statement is planned once per connection) and for nobody.
    expect(await direct.execute({ email: user.email })).toEqual(viaDrizzle);
    expect(await direct.execute({ email: 'nobody@example.com' })).toEqual([]);
  });

  it('refuses a field that is not packed (it could not decode it as drizzle would)', () => {
    expect(() =>
      directStatement(api.context.db, 'test_direct_refused', { id: sql<number>`${users.id}` }, (select) => select.from(users)),
    ).toThrow(/field id is not packed/);
  });
});
