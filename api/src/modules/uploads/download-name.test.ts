import { UploadSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createUser, loggedIn, staffAgent, startTestApi, type Agent, type TestApi } from '../../test/api';

/** A PDF that is also a page: `%PDF` first (so it is detected as a PDF), markup and a script after. */
const POLYGLOT = Buffer.from(
  '%PDF-1.4\n<html><body><script>document.title="ran"</script></body></html>\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** A PDF whose catalogue runs JavaScript when opened (/OpenAction): still a PDF to the upload. */
const SCRIPTED_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    "4 0 obj << /Type /Action /S /JavaScript /JS (app.response\\('password?'\\);) >> endobj",
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let api: TestApi;
let applicant: Agent;
let staff: Agent;

beforeAll(async () => {
  api = await startTestApi();
  applicant = await loggedIn(api, await createUser(api));
  staff = await staffAgent(api, await createStaff(api));
});
afterAll(async () => {
  await api?.close();
});

const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

async function upload(name: string, content: Buffer, kind = 'financial_statements') {
  const response = await applicant.upload('/api/uploads/', { kind }, { name, content, type: 'text/html' });
  expect(response.statusCode).toBe(201);
  return UploadSchema.parse(response.json());
}

/** Both downloads (the applicant's own and the back office's) name the file alike and never let it render. */
async function expectDownloads(id: number, name: string, type: string) {
  for (const [agent, url] of [
    [applicant, `/api/uploads/${id}/content/`],
    [staff, `/api/staff/uploads/${id}/content/`],
  ] as const) {
    const response = await agent.get(url, { csrf: true });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': type,
      'content-disposition': disposition(name),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    });
  }
}

describe('a file is stored and downloaded under the extension of its detected type', () => {
  it.each([
    ['invoice.html', POLYGLOT, 'application/pdf', 'invoice.pdf'],
    ['請求書.pdf.exe', POLYGLOT, 'application/pdf', '請求書.pdf'],
    ['scan.svg', PNG, 'image/png', 'scan.png'],
    ['請求書.pdf', SCRIPTED_PDF, 'application/pdf', '請求書.pdf'],
  ])('%j: stored and downloaded under the detected type’s extension', async (sent, content, type, expected) => {
    const stored = await upload(sent, content);
    expect(stored).toMatchObject({ name: expected, content_type: type });
    await expectDownloads(stored.id, expected, type);
  });

  it('a row stored before the rule (its name unchanged) is downloaded under the safe name too', async () => {
    const stored = await upload('古い請求書.pdf', POLYGLOT);
    await api.database.pool.query('update uploads set name = $2 where id = $1', [stored.id, '古い請求書.html']);
    await expectDownloads(stored.id, '古い請求書.pdf', 'application/pdf');
  });
});
