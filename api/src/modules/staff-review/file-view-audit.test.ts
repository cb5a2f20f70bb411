import { STAFF_REVIEW_MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createStaff, createUser, loggedIn, staffAgent, startTestApi, type Agent, type TestApi } from '../../test/api';

/**
 * Issue 23 item 8: `GET /api/staff/uploads/{id}/content/` writes its "viewed by staff" audit row
 * only for a request the back office itself made — one carrying the staff page's X-CSRFToken, or a
 * same-origin fetch (Sec-Fetch-Site: same-origin). Any other request (a link or an <img> on another
 * site, which the browser sends with the Lax staff cookie) is refused with 403 and writes nothing:
 * no file leaves without its audit row, and no other site can forge one.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let api: TestApi;
let staff: Agent;
let fileId: number;

beforeAll(async () => {
  api = await startTestApi();
  const applicant = await loggedIn(api, await createUser(api));
  const uploaded = await applicant.upload('/api/uploads/', { kind: 'financial_statements' }, { name: '決算書.pdf', content: PDF });
  fileId = uploaded.json<{ id: number }>().id;
  staff = await staffAgent(api, await createStaff(api));
});
afterAll(async () => {
  await api?.close();
});

const url = () => `/api/staff/uploads/${fileId}/content/`;
const views = async () => (await auditRows(api, 'upload.viewed_by_staff')).filter((row) => row.subject_id === String(fileId)).length;

describe('who may open a file as staff, audited', () => {
  it.each([
    ['a plain cross-site GET (a link on another site)', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }],
    ['a same-site subresource from a sibling host', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' }],
    ['a GET with neither header (an old client, a script)', {}],
    ['a GET with a wrong X-CSRFToken', { 'x-csrftoken': 'B'.repeat(32) }],
  ])('%s: 403 in Japanese, no file, no audit row', async (_label, headers) => {
    const before = await views();
    const response = await staff.get(url(), { csrf: false, headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: STAFF_REVIEW_MESSAGES.fileViewNotFromBackoffice });
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(await views()).toBe(before);
  });

  it.each([
    [
      'the back office’s fetch (Sec-Fetch-Site: same-origin)',
      { csrf: false, headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' } },
    ],
    ['a request with the staff page’s X-CSRFToken', { csrf: true }],
  ])('%s: the file, and one audit row', async (_label, options) => {
    const before = await views();
    const response = await staff.get(url(), options);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(await views()).toBe(before + 1);
  });

  it('an unknown file is still 404 for the back office’s own request', async () => {
    expect((await staff.get('/api/staff/uploads/999999/content/', { csrf: true })).statusCode).toBe(404);
  });
});
