import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The API server of the e2e run writes every message here (playwright.config.ts). */
export const OUTBOX = path.join(root, '.data', 'e2e', 'mail');

export interface Mail {
  readonly file: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Waits for the newest message to `to` whose subject matches, written after `since` (ms). */
export async function waitForMail(to: string, subject: RegExp, since: number, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(OUTBOX)
      ? fs
          .readdirSync(OUTBOX)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => path.join(OUTBOX, f))
          .filter((f) => fs.statSync(f).mtimeMs >= since - 1000)
          .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
      : [];
    for (const file of files) {
      const parsed = await simpleParser(fs.readFileSync(file));
      const recipients = [parsed.to].flat().flatMap((a) => (a ? a.value.map((v) => v.address?.toLowerCase()) : []));
      if (recipients.includes(to.toLowerCase()) && subject.test(parsed.subject ?? '')) {
        return { file, subject: parsed.subject ?? '', text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' };
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} matching ${subject} in ${OUTBOX}`);
}

/** The first link of the site in a message's text, as a path with its query (`/register/activation?…`). */
export function siteLink(mail: Mail, pathPrefix: string): string {
  const match = new RegExp(`https?://[^\\s"'<>]+${pathPrefix.replace(/[/.]/g, '\\$&')}[^\\s"'<>]*`).exec(mail.text);
  if (!match) throw new Error(`no ${pathPrefix} link in: ${mail.text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}
