import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { Agent, registration, startTestApi, type TestApi } from '../../test/api';
import { siteIndividualsSupported } from '../system-settings/site-config';

/**
 * What the registration page refuses, the API refuses too: when the site's /config.json says
 * individuals are unsupported (the page disables 個人事業主), POST /api/register/ answers 400.
 */
describe('registering an individual', () => {
  let api: TestApi;
  let siteDir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    api = await startTestApi();
    siteDir = path.join(api.dataDir, 'site');
    fs.mkdirSync(siteDir);
    app = buildApp({
      env: { SITE_DIR: siteDir, LOG_LEVEL: 'silent' },
      db: api.database,
      context: { ...api.context, individualsSupported: () => siteIndividualsSupported(siteDir) },
    });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await api?.close();
  });

  const writeConfig = (config: Record<string, unknown>) =>
    fs.writeFileSync(path.join(siteDir, 'config.json'), JSON.stringify({ supportUrl: '/statement', loginUrl: '/login', ...config }));

  it('is refused (400 on corporate_division, in Japanese) when config.json says individuals are unsupported', async () => {
    writeConfig({ individualsSupported: false });
    const agent = await new Agent(app).start();
    const response = await agent.post('/api/register/', registration({ corporate_division: 'individual', company_name: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ corporate_division: [ACCOUNT_MESSAGES.individualsUnsupported] });
    const { rows } = await api.database.pool.query('select id from users');
    expect(rows).toEqual([]);
    // A corporation registers as before.
    expect((await agent.post('/api/register/', registration())).statusCode).toBe(201);
  });

  it('is accepted when individuals are supported, or when the site has no config.json (the page allows it then too)', async () => {
    writeConfig({ individualsSupported: true });
    const agent = await new Agent(app).start();
    expect((await agent.post('/api/register/', registration({ corporate_division: 'individual', company_name: '' }))).statusCode).toBe(201);
    fs.rmSync(path.join(siteDir, 'config.json'));
    expect((await agent.post('/api/register/', registration({ corporate_division: 'individual', company_name: '' }))).statusCode).toBe(201);
  });
});
