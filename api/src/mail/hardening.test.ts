import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../test/support';
import { createMailer } from './mailer';
import { activationMail } from './templates';

const dirs: string[] = [];
const servers: net.Server[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) removeDir(dir);
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

const message = activationMail({ to: 'taro@example.jp', lastName: '山田', firstName: '太郎', url: 'http://localhost:3000/x' });

/** An SMTP "server" that accepts connections and then says nothing (a hung mail server). */
async function silentServer(): Promise<number> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => sockets.push(socket));
  server.on('close', () => sockets.forEach((socket) => socket.destroy()));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

describe('SMTP timeouts', () => {
  it('a mail server that never greets makes the send fail after the configured timeout (not nodemailer’s 30 s)', async () => {
    const port = await silentServer();
    const mailer = createMailer({
      from: 'a@example.jp',
      outboxDir: '/nonexistent',
      smtpUrl: `smtp://127.0.0.1:${port}`,
      smtpTimeoutMs: 300,
      log: () => {},
    });
    try {
      await expect(mailer.send(message)).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    } finally {
      mailer.close();
    }
    // Hang detector: nodemailer's own greeting timeout (30 s) would pass this.
  }, 10_000);
});

describe('the outbox', () => {
  it('is a directory only the API’s user can open (0700), each mail readable by it alone (0600)', async () => {
    const outboxDir = path.join(makeTempDir('mail'), 'outbox');
    dirs.push(path.dirname(outboxDir));
    const mailer = createMailer({ from: 'a@example.jp', outboxDir });
    await mailer.send(message);
    expect(fs.statSync(outboxDir).mode & 0o777).toBe(0o700);
    const [file] = fs.readdirSync(outboxDir);
    expect(fs.statSync(path.join(outboxDir, file!)).mode & 0o777).toBe(0o600);
  });
});
