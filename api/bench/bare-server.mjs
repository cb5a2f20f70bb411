// The baseline of `npm run bench` (api/src/scripts/bench-api.ts): the least a Fastify + pg server
// can do for the same answers, on the same database. Plain JavaScript, no framework code of ours:
//
// - POST /bench/me/: the sessionid cookie's session joined with its user (the same join, the same
//   user columns as POST /api/me/), answered as JSON.
// - POST /bench/me-files/: the same query as POST /api/me/'s: that join and the files attached to
//   the profile (`addfiles` of the answer: id, kind, name, content type, side, in the order attached).
// - PATCH /bench/profile/: the same lookup, then the user row updated (version + 1) and answered.
//
// Both queries are named (prepared once per connection), the best plain pg can do. DATABASE_URL
// names the database; it listens on 127.0.0.1 and PORT (0: any) and prints `listening <port>`.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const app = Fastify({ logger: false });

const ME_COLUMNS = `u.id, u.email, u.first_name, u.last_name, u.created_at, u.updated_at, u.corporate_division,
  u.company_name, u.office_zipcode, u.owner_zipcode, u.identity_confirmation, u.identity_valid_date,
  u.financial_statements_valid_date, u.last_withdrawals_detail_date, u.withdrawals_detail_status,
  u.financial_statements_status, u.version, u.password_hash is not null as has_usable_password,
  u.has_pre_entry_declined, u.allow_redirect_to_profile, u.last_login,
  u.visited_at_entry_page_after_mail_verification, u.user_segment, u.owner_phone`;

const SESSION_USER = {
  name: 'bench_session_user',
  text: `select ${ME_COLUMNS} from sessions s join users u on u.id = s.user_id
         where s.id = $1 and s.expires_at > $2 and u.is_active`,
};
const SESSION_USER_FILES = {
  name: 'bench_session_user_files',
  text: `select ${ME_COLUMNS}, coalesce((
           select json_agg(json_build_object('id', f.id, 'kind', f.kind, 'name', f.name, 'content_type', f.content_type, 'side', f.side)
                           order by f.profile_attached_at, f.id)
           from uploads f where f.user_id = u.id and f.profile_attached_at is not null), '[]'::json) as addfiles
         from sessions s join users u on u.id = s.user_id
         where s.id = $1 and s.expires_at > $2 and u.is_active`,
};
const SAVE = {
  name: 'bench_profile_save',
  text: `update users u set owner_city = $2, version = u.version + 1, updated_at = now() where u.id = $1 returning ${ME_COLUMNS}`,
};

function sessionToken(cookieHeader) {
  const match = /(?:^|;\s*)sessionid=([^;]*)/.exec(cookieHeader ?? '');
  return match ? match[1] : undefined;
}

async function sessionUser(request, query = SESSION_USER) {
  const token = sessionToken(request.headers.cookie);
  if (token === undefined) return undefined;
  const id = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query({ ...query, values: [id, new Date()] });
  return rows[0];
}

app.post('/bench/me/', async (request) => (await sessionUser(request)) ?? {});
app.post('/bench/me-files/', async (request) => (await sessionUser(request, SESSION_USER_FILES)) ?? {});

app.patch('/bench/profile/', async (request, reply) => {
  const user = await sessionUser(request);
  if (user === undefined) return reply.code(403).send({ detail: 'not logged in' });
  const { rows } = await pool.query({ ...SAVE, values: [user.id, request.body?.owner_city ?? ''] });
  return rows[0];
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${app.server.address().port}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void app.close().then(() => pool.end().then(() => process.exit(0)));
  });
}
