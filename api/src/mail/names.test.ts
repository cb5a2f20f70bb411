import { describe, expect, it } from 'vitest';
import { activationMail, passwordResetMail } from './templates';

/**
 * Names are what the applicant typed (registration checks them since issue 23; rows stored before
 * may not be clean): a mail prints a name only as one short line of plain text in its greeting,
 * never a line of its own above our link, never a link.
 */
const url = 'http://localhost:3000/register/activation?uid=MQ&token=t';
const mail = (lastName: string, firstName: string) => activationMail({ to: 'a@example.jp', lastName, firstName, url });

describe('names in mails', () => {
  it('a plain name greets the person', () => {
    expect(mail('山田', '太郎').text.split('\n')[0]).toBe('山田 太郎 様');
    expect(passwordResetMail({ to: 'a@example.jp', lastName: '山田', firstName: '太郎', url }).text.split('\n')[0]).toBe('山田 太郎 様');
  });

  it('line breaks, control and bidi characters never reach the mail: the name stays on the greeting line', () => {
    const m = mail('山田', '太郎\r\n\n【重要】\u202e至急\u0007ご対応ください');
    const lines = m.text.split('\n');
    expect(lines[0]).toBe('山田 太郎 【重要】 至急 ご対応ください 様');
    expect(lines[1]).toBe('');
    expect(m.text.replaceAll('\n', '')).not.toMatch(/[\p{Cc}\u202e]/u);
    expect(m.html).not.toContain('\u202e');
  });

  it('a name with a link, or longer than a name can be, is not printed: お客様', () => {
    for (const [last, first] of [
      ['山田', '太郎\nhttps://tsumugi-verify.example/login'],
      ['www.evil.example', '太郎'],
      ['山田', 'あ'.repeat(61)],
    ] as const) {
      const m = mail(last, first);
      expect(m.text.split('\n')[0]).toBe('お客様');
      expect(m.text).not.toContain('evil');
      expect(m.text).not.toContain('tsumugi-verify');
      expect(m.html).not.toContain('tsumugi-verify');
      expect(m.text).toContain(url);
    }
  });

  it('an empty name greets お客様', () => {
    expect(mail('', '').text.split('\n')[0]).toBe('お客様');
  });
});
