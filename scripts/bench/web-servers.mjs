// The browser bench's servers (web.mjs): the API serving a site on a free port, and a registered applicant.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from '../lib.mjs';
import { PASSWORD, requireFromE2e } from './web-common.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The compiled API serving `siteDir` on its own embedded PostgreSQL in `dataDir`. */
export async function startServer(name, siteDir, dataDir) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', process.env.BENCH_API_SERVER ?? path.join(ROOT, 'api', 'dist', 'server.mjs')],
    {
      cwd: path.join(ROOT, 'api'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        MAIL_OUTBOX_DIR: path.join(dataDir, 'mail'),
        SITE_DIR: siteDir,
        STAFF_TOTP_KEY: 'bench-only-key-bench-only-key-bench-only-key',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} server exited: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`${name} server not up in 120 s: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health/`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { name, base, child, outbox: path.join(dataDir, 'mail') };
}

export function stopServer(server) {
  if (!server || server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    server.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.child.kill('SIGTERM');
  });
}

function cookiesOf(response, jar) {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0];
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

/** Registers and activates an applicant (the link from the mail outbox) and logs in: its cookies. */
export async function registeredApplicant(server) {
  const { simpleParser } = requireFromE2e('mailparser');
  const jar = new Map();
  const call = async (method, url, body) => {
    const response = await fetch(`${server.base}${url}`, {
      method,
      headers: {
        origin: server.base,
        'content-type': 'application/json',
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrftoken': jar.get('csrftoken') ?? '',
      },
      body: JSON.stringify(body),
    });
    cookiesOf(response, jar);
    if (!response.ok) throw new Error(`${server.name}: ${method} ${url}: ${response.status} ${await response.text()}`);
    return response;
  };
  const email = `bench-${Date.now()}@example.com`;
  await call('POST', '/api/me/', {});
  await call('POST', '/api/register/', {
    email,
    password: PASSWORD,
    corporate_division: 'corporate',
    company_name: '株式会社ベンチ',
    last_name: '山田',
    first_name: '太郎',
  });
  let link;
  for (let tries = 0; tries < 60 && !link; tries++) {
    const files = fs.existsSync(server.outbox) ? fs.readdirSync(server.outbox).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(server.outbox, file)));
      const found = (mail.text ?? '').match(/https?:\/\/\S*\/register\/activation\S*/);
      if (found) link = new URL(found[0]);
    }
    if (!link) await new Promise((r) => setTimeout(r, 250));
  }
  if (!link) throw new Error(`${server.name}: no activation mail in ${server.outbox}`);
  await call('POST', '/api/register/activation/', { uid: link.searchParams.get('uid'), token: link.searchParams.get('token') });
  await call('POST', '/api/auth/', { email, password: PASSWORD, persistLoginState: false });
  return [...jar].map(([name, value]) => ({ name, value }));
}
