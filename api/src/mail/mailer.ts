import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One mail: Japanese subject, plain text and HTML bodies. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface Mailer {
  /** "outbox DIR" or "SMTP host:port", for the startup line. */
  readonly description: string;
  /** Sends now; rejects when it could not be delivered. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends without making the caller wait (a failure is logged). Used where how long a request
   * takes must not depend on whether a mail went out (password reset).
   */
  sendInBackground(message: MailMessage): void;
  /** Resolves once every background send has finished. */
  idle(): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  readonly from: string;
  /** .eml files go here when no SMTP server is configured. */
  readonly outboxDir: string;
  readonly smtpUrl?: string | undefined;
  /**
   * SMTP_TIMEOUT_MS: how long connecting, the server's greeting, and any silence of the
   * connection may take before the send fails (nodemailer's own defaults are 2 min, 30 s and
   * 10 min). Default: DEFAULT_SMTP_TIMEOUT_MS.
   */
  readonly smtpTimeoutMs?: number | undefined;
  readonly log?: (line: string) => void;
  /**
   * Called once a mail has left (written to the outbox or accepted by the SMTP server), before
   * `send` resolves and within `idle()`: the mail record (staff-applicants/mail-record.ts). A
   * failure here is logged and does not fail the send (the mail is gone already).
   */
  readonly afterSend?: (message: MailMessage) => Promise<void>;
  /**
   * Told each send's outcome: `sent` once the mail has left, `failed` when it could not be
   * delivered (in the background too): the mails counter of `/metrics` (metrics/registry.ts).
   */
  readonly onResult?: (result: MailResult) => void;
}

export type MailResult = 'sent' | 'failed';

export const DEFAULT_SMTP_TIMEOUT_MS = 10_000;

/** The outbox directory and its files: only the API's own user may read them (mails hold links). */
export const OUTBOX_DIR_MODE = 0o700;
export const OUTBOX_FILE_MODE = 0o600;

let sequence = 0;

/** `20261115T220137123Z-0001-taro@example.jp.eml`: sorts by time, names the recipient. */
export function outboxFileName(at: Date, to: string): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('.', '');
  sequence = (sequence + 1) % 10_000;
  const recipient = to.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 100);
  return `${stamp}-${String(sequence).padStart(4, '0')}-${recipient}.eml`;
}

/**
 * nodemailer, either to SMTP_URL or (by default) into an outbox directory where each message is
 * one RFC 822 `.eml` file a developer can open (or a test can parse).
 */
export function createMailer(options: MailerOptions): Mailer {
  const log = options.log ?? ((line: string) => console.error(`[api] ${line}`));
  const pending = new Set<Promise<void>>();

  let deliver: (message: MailMessage) => Promise<void>;
  let close: () => void;
  let description: string;

  const envelope = (message: MailMessage) => ({
    from: options.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
  });

  if (options.smtpUrl) {
    const timeout = options.smtpTimeoutMs ?? DEFAULT_SMTP_TIMEOUT_MS;
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    const url = new URL(options.smtpUrl);
    description = `SMTP ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
    deliver = async (message) => {
      await transport.sendMail(envelope(message));
    };
    close = () => transport.close();
  } else {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    description = `outbox ${options.outboxDir}`;
    deliver = async (message) => {
      const info = await transport.sendMail(envelope(message));
      await fs.mkdir(options.outboxDir, { recursive: true, mode: OUTBOX_DIR_MODE });
      // An outbox made before (or by someone else's umask) is closed up too.
      await fs.chmod(options.outboxDir, OUTBOX_DIR_MODE);
      const raw = info.message as Buffer;
      // 'wx': never overwrite; on the rare clash take the next sequence number.
      for (let attempt = 0; ; attempt++) {
        try {
          await fs.writeFile(path.join(options.outboxDir, outboxFileName(new Date(), message.to)), raw, {
            flag: 'wx',
            mode: OUTBOX_FILE_MODE,
          });
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
        }
      }
    };
    close = () => transport.close();
  }

  const deliverAndRecord = async (message: MailMessage): Promise<void> => {
    try {
      await deliver(message);
    } catch (error) {
      options.onResult?.('failed');
      throw error;
    }
    options.onResult?.('sent');
    if (options.afterSend === undefined) return;
    try {
      await options.afterSend(message);
    } catch (error) {
      log(`recording the mail to ${message.to} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return {
    description,
    send: (message) => deliverAndRecord(message),
    sendInBackground(message) {
      const sending = deliverAndRecord(message)
        .catch((error: unknown) => log(`sending mail to ${message.to} failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close,
  };
}
