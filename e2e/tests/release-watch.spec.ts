import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { FAULT_FILE, SWAP_FILE } from '../global-setup';
import { test, expect, shellIdle } from './fixtures';
import {
  ROOT,
  RELEASE_CLI,
  RELEASE_ENV,
  applicant,
  deployment,
  putInSegment,
  release,
  sendTelemetry,
  type Applicant,
} from './release-canary';

/**
 * Issue 26's done-when, for real: two canaries served to a user segment, judged by the field
 * telemetry the browsers send (POST /api/telemetry/) and decided by `pnpm release canary watch`
 * alone. mypage's canary is a fault build (BUILD_LABEL=fault:throw-on-mount, global-setup.ts): its
 * segment sees the error page, the others are fine, and the watch aborts it within 2 minutes of the
 * first errors; the segment gets the live version at its next navigation and the history says why
 * with the numbers. marketing's canary (the swap-test build) is healthy: the watch promotes it. A
 * promote changes every open page, so this runs in the `release-serial` project (after the others);
 * the live versions are restored afterwards whatever happened.
 */
const SEGMENT = 'e2e-canary';

/** `pnpm release canary watch …` as a separate process, as a release manager leaves it running: its exit code and output. */
function watch(remote: string, api: string, ...args: string[]) {
  const child = spawn(process.execPath, [RELEASE_CLI, 'canary', 'watch', remote, '--api', api, ...args], { cwd: ROOT, env: RELEASE_ENV });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const done = new Promise<{ code: number | null; output: string; at: number }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output, at: Date.now() }));
  });
  return { done, stop: () => child.kill() };
}

const buildLabel = (page: Page) => page.locator('[data-build-label]');

test.describe('canaries judged by the field signals (pnpm release canary watch)', () => {
  test('a failing canary is aborted by the watch, a healthy one promoted; the history says why with the numbers', async ({
    browser,
    baseURL,
  }) => {
    // Four applicants sign up, two release commands, two watches that decide on telemetry flushed
    // every 2 s and checked every 3 s (a healthy canary is promoted 20 s after it started): not the
    // default 30 s of a test.
    test.setTimeout(180_000);
    const fault = JSON.parse(fs.readFileSync(FAULT_FILE, 'utf8')) as { version: string };
    const swap = JSON.parse(fs.readFileSync(SWAP_FILE, 'utf8')) as { version: string };
    const before = deployment();
    const api = new URL(baseURL ?? 'http://localhost:3100').origin;
    const people: Applicant[] = [];
    const watches: { stop: () => void }[] = [];
    try {
      // Two applicants in the segment, two outside it.
      for (let i = 0; i < 4; i++) people.push(await applicant(browser));
      const [inside1, inside2, outside1] = people as [Applicant, Applicant, Applicant, Applicant];
      putInSegment([inside1.email, inside2.email], SEGMENT);

      expect(release('canary', 'mypage', fault.version, '--segment', SEGMENT, '--why', 'e2e: a build that throws')).toBe(
        `mypage: canary ${fault.version} for user segment ${SEGMENT}`,
      );
      expect(release('canary', 'marketing', swap.version, '--segment', SEGMENT, '--why', 'e2e: a healthy build')).toBe(
        `marketing: canary ${swap.version} for user segment ${SEGMENT}`,
      );

      // The segment sees mypage's error page; the others their page. Then the top page: the segment
      // runs marketing's canary, the others the live one.
      let firstError = 0;
      for (const person of people) {
        const inSegment = person === inside1 || person === inside2;
        await person.page.goto('/mypage');
        if (inSegment) {
          await expect(person.page.locator('[data-error-status="500"]')).toBeVisible();
          firstError ||= Date.now();
        } else {
          await expect(person.page.getByRole('heading', { level: 1 })).toHaveText('マイページ');
        }
        await shellIdle(person.page);
        await sendTelemetry(person.page);
        await person.page.goto('/');
        await expect(buildLabel(person.page)).toHaveAttribute('data-build-label', inSegment ? 'swap-test' : '');
        await shellIdle(person.page);
        await sendTelemetry(person.page);
      }

      // What a release manager sees meanwhile: the numbers, canary beside live.
      const health = release('canary', 'health', 'mypage', '--api', api, '--min-sessions', '2');
      console.log(`pnpm release canary health mypage --min-sessions 2\n${health}`);
      await test.info().attach('canary health mypage', { body: health, contentType: 'text/plain' });
      expect(health).toContain(`canary ${fault.version}`);

      // The watches (short windows for the test): mypage worse → aborted; marketing healthy → promoted.
      const thresholds = ['--min-sessions', '2', '--max-error-ratio', '2', '--max-lcp-ratio', '10', '--every', '3s', '--window', '10m'];
      const mypageWatch = watch('mypage', api, ...thresholds, '--promote-after', '1h');
      const marketingWatch = watch('marketing', api, ...thresholds, '--promote-after', '20s');
      watches.push(mypageWatch, marketingWatch);

      const aborted = await mypageWatch.done;
      expect(aborted.code, aborted.output).toBe(5);
      expect(aborted.output).toContain(`mypage: canary ${fault.version} aborted (worse than live ${before.remotes.mypage!.version})`);
      expect(aborted.at - firstError).toBeLessThan(120_000);
      expect(deployment().canary?.mypage).toBeUndefined();
      const abort = JSON.parse(release('history', 'mypage', '--json', '--limit', '1')) as [
        { action: string; who: string; why: string; health: { candidate: { errors: number; sessions: number }; verdict: string } },
      ];
      expect(abort[0]).toMatchObject({ action: 'canary-abort', who: 'e2e', health: { verdict: 'worse' } });
      expect(abort[0].why).toMatch(/^canary watch: worse than live — worse: \d+ vs \d+ sessions, errors\/1,000 views [\d.]+ vs [\d.]+/);
      expect(abort[0].health.candidate.errors).toBeGreaterThanOrEqual(2);

      // The segment gets the live version back at its next navigation.
      await inside1.page.goto('/mypage');
      await expect(inside1.page.getByRole('heading', { level: 1 })).toHaveText('マイページ');

      const promoted = await marketingWatch.done;
      expect(promoted.code, promoted.output).toBe(0);
      expect(promoted.output).toContain(`marketing: canary ${swap.version} promoted to everyone (healthy for the period)`);
      expect(deployment().remotes.marketing!.version).toBe(swap.version);
      const promote = JSON.parse(release('history', 'marketing', '--json', '--limit', '1')) as [{ action: string; why: string }];
      expect(promote[0].action).toBe('canary-promote');
      expect(promote[0].why).toMatch(/^canary watch: healthy for the whole period — healthy: \d+ vs \d+ sessions/);
      // Everyone now runs the promoted build.
      await outside1.page.goto('/');
      await expect(buildLabel(outside1.page)).toHaveAttribute('data-build-label', 'swap-test');
    } finally {
      for (const w of watches) w.stop();
      const now = deployment();
      for (const remote of ['mypage', 'marketing']) if (now.canary?.[remote]) release('canary', 'abort', remote, '--why', 'e2e cleanup');
      if (deployment().remotes.marketing!.version !== before.remotes.marketing!.version) {
        release('rollback', 'marketing', '--to', before.remotes.marketing!.version, '--why', 'e2e cleanup');
      }
      for (const person of people) await person.context.close();
    }
  });
});
