import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../test/support';
import { createMailer, outboxFileName } from './mailer';
import { DEFAULT_MAIL_FROM } from '../env';
import { activationMail, MAIL_SUBJECTS, passwordResetMail, SERVICE_NAME } from './templates';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeDir(dir);
});

const FROM = DEFAULT_MAIL_FROM;
const message = activationMail({
  to: 'taro@example.jp',
  lastName: '山田',
  firstName: '<太郎>',
  url: 'http://localhost:3000/register/activation?uid=MQ&token=abc',
});

describe('the outbox (default)', () => {
  it('writes one .eml per message, named by time and recipient, readable by a mail parser', async () => {
    const outboxDir = path.join(makeTempDir('mail'), 'outbox');
    dirs.push(path.dirname(outboxDir));
    const mailer = createMailer({ from: FROM, outboxDir });
    expect(mailer.description).toBe(`outbox ${outboxDir}`);
    await mailer.send(message);
    await mailer.send(
      passwordResetMail({
        to: 'taro@example.jp',
        lastName: '山田',
        firstName: '太郎',
        url: 'http://x/profile/password/reset/reset/confirm?uid=MQ&token=t',
      }),
    );
    const files = fs.readdirSync(outboxDir).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{8}T\d{9}Z-\d{4}-taro@example\.jp\.eml$/);

    const parsed = await simpleParser(fs.readFileSync(path.join(outboxDir, files[0]!)));
    expect(parsed.subject).toBe(MAIL_SUBJECTS.activation);
    expect(parsed.from?.value).toEqual([{ name: SERVICE_NAME, address: 'no-reply@localhost' }]);
    expect(parsed.text).toContain('山田 <太郎> 様');
    expect(parsed.text).toContain('http://localhost:3000/register/activation?uid=MQ&token=abc');
    // The HTML part escapes what the person typed.
    expect(parsed.html).toContain('山田 &lt;太郎&gt; 様');
    expect(parsed.html).toContain('href="http://localhost:3000/register/activation?uid=MQ&amp;token=abc"');
    expect(parsed.html).toContain('<html lang="ja">');
    const second = await simpleParser(fs.readFileSync(path.join(outboxDir, files[1]!)));
    expect(second.subject).toBe(MAIL_SUBJECTS.passwordReset);
  });

  it('file names sort by time; odd characters of the address are replaced', () => {
    const a = outboxFileName(new Date('2026-04-01T00:00:00.000Z'), 'a/b c@example.jp');
    const b = outboxFileName(new Date('2026-04-01T00:00:00.001Z'), 'a@example.jp');
    expect(a).toMatch(/^20260401T000000000Z-\d{4}-a_b_c@example\.jp\.eml$/);
    expect([b, a].sort()).toEqual([a, b]);
  });

  it('background sends are awaited by idle(); a failure is logged, not thrown', async () => {
    const base = makeTempDir('mail');
    dirs.push(base);
    fs.writeFileSync(path.join(base, 'not-a-dir'), '');
    const lines: string[] = [];
    const mailer = createMailer({ from: FROM, outboxDir: path.join(base, 'not-a-dir', 'outbox'), log: (line) => lines.push(line) });
    mailer.sendInBackground(message);
    await mailer.idle();
    expect(lines).toEqual([expect.stringMatching(/^sending mail to taro@example\.jp failed: /)]);
  });
});

describe('SMTP_URL', () => {
  it('sends through the SMTP server instead', async () => {
    const received: string[] = [];
    const server = net.createServer((socket) => {
      let data = false;
      let buffer = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        for (;;) {
          if (data) {
            const end = buffer.indexOf('\r\n.\r\n');
            if (end === -1) return;
            received.push(buffer.slice(0, end));
            buffer = buffer.slice(end + 5);
            data = false;
            socket.write('250 queued\r\n');
            continue;
          }
          const newline = buffer.indexOf('\r\n');
          if (newline === -1) return;
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 2);
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
          else if (verb === 'DATA') {
            data = true;
            socket.write('354 go\r\n');
          } else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const mailer = createMailer({ from: FROM, outboxDir: '/nonexistent', smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      expect(mailer.description).toBe(`SMTP 127.0.0.1:${port}`);
      await mailer.send(message);
      expect(received).toHaveLength(1);
      const parsed = await simpleParser(received[0]!);
      expect(parsed.subject).toBe(MAIL_SUBJECTS.activation);
      expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('taro@example.jp');
    } finally {
      mailer.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
