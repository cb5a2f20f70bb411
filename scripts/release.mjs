// The release CLI: `pnpm release <command> …` (README "Releasing"). Storage: the site folder
// (SITE_DIR, default .site/) or an S3-compatible bucket (RELEASE_S3_BUCKET …: scripts/release-store.mjs).
//
//   publish  <remote> [distDir] [--existing-ok]    copy a build into its immutable versioned folder
//                                                  (--existing-ok: an existing version is not an error)
//   promote  <remote> <version> [--expect-live v]  make it live for everyone (compatibility gate first)
//   rollback <remote> [--to <version>]             back to the version live before (or the one named)
//   canary   <remote> <version> --staff | --segment <s> | --percent <n>
//   canary   promote <remote> | canary abort <remote>
//   canary   health <remote> [--json] [--window 30m] [--api URL]   canary vs live from the field signals
//   canary   watch <remote> [--max-error-ratio 2] [--max-lcp-ratio 1.25] [--min-sessions 50]
//            [--promote-after 2h] [--window 30m] [--every 60s] [--api URL] [--once]
//                                                  abort when worse, promote when healthy for the period
//                                                  (scripts/release-watch.mjs; exit 0 promoted, 5 aborted)
//   preview  <remote> <version> [--site URL]       print a link that lets a staff member preview the version
//                                                  in their own browser (the back office asks first)
//   status [--json]                                live and canary of each remote, published versions
//   history [<remote>] [--limit n] [--json]        every recorded change, newest last
//   prune [--keep-days n] [--dry-run]              remove versions not live for n days (default 14)
//   force-reload [--why …]                         pages started before this revision reload once (X-Min-Client-Build)
//   token create <remote|*> | token list | token revoke <id>   deploy tokens for the HTTP endpoint
//   serve [--port 4400] [--host 127.0.0.1]         the same operations over HTTP for CI (scripts/release-http.mjs)
//   shared-version [--check]                       record (check) the @app/shared version against its contract
// Common options: --why "<reason>", --who <name> (default: RELEASE_WHO, git user.name, the OS user),
// --force (skip the compatibility gate; recorded in the history with what was skipped).
// Exit codes: 0 done, 1 failed, 2 usage, 3 conflict (another release changed the remote: retry), 4 incompatible.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { SITE_DIR } from './lib.mjs';
import {
  ReleaseError,
  canaryAbort,
  canaryPromote,
  canaryStart,
  checkVersion,
  describeAudience,
  forceReload,
  knownRemote,
  promote,
  prune,
  publish,
  readHistory,
  readPublished,
  rollback,
  status,
} from './release-core.mjs';
import { storeFromEnv } from './release-store.mjs';

const USAGE = 'usage: release.mjs publish|promote|rollback|canary|status|history|prune … (see README "Releasing")';

function defaultWho() {
  if (process.env.RELEASE_WHO) return process.env.RELEASE_WHO;
  try {
    const name = execFileSync('git', ['config', 'user.name'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (name) return name;
  } catch {
    // no git, or no user.name
  }
  return os.userInfo().username;
}

function usage(message = USAGE) {
  throw new ReleaseError(message, 2);
}

async function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        why: { type: 'string' },
        who: { type: 'string' },
        force: { type: 'boolean', default: false },
        'expect-live': { type: 'string' },
        to: { type: 'string' },
        staff: { type: 'boolean', default: false },
        segment: { type: 'string' },
        percent: { type: 'string' },
        json: { type: 'boolean', default: false },
        limit: { type: 'string' },
        'keep-days': { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        commit: { type: 'string' },
        check: { type: 'boolean', default: false },
        'existing-ok': { type: 'boolean', default: false },
        port: { type: 'string' },
        host: { type: 'string' },
        window: { type: 'string' },
        api: { type: 'string' },
        'max-error-ratio': { type: 'string' },
        'max-lcp-ratio': { type: 'string' },
        'min-sessions': { type: 'string' },
        'promote-after': { type: 'string' },
        every: { type: 'string' },
        site: { type: 'string' },
        once: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return usage(`${error.message}\n${USAGE}`);
  }
  const { values: o, positionals } = parsed;
  const [command, ...args] = positionals;
  const who = o.who ?? defaultWho();
  const why = o.why ?? null;
  const store = storeFromEnv(process.env, SITE_DIR);
  const forcedNote = (skipped) => {
    if (skipped.length > 0)
      console.error(`--force: the compatibility gate was skipped, recorded in the history:\n  - ${skipped.join('\n  - ')}`);
  };
  try {
    switch (command) {
      case 'publish': {
        const remote = knownRemote(args[0]);
        const { version } = await publish(store, { remote, distDir: args[1], who, commit: o.commit, existingOk: o['existing-ok'] });
        console.log(version);
        return;
      }
      case 'promote': {
        const remote = knownRemote(args[0]);
        if (!args[1]) usage('usage: release.mjs promote <remote> <version> [--expect-live <version>] [--why …] [--force]');
        const r = await promote(store, { remote, version: args[1], who, why, force: o.force, expectLive: o['expect-live'] });
        forcedNote(r.skipped);
        console.log(`${remote}: ${r.from ?? '(none)'} → ${r.to}`);
        return;
      }
      case 'rollback': {
        const remote = knownRemote(args[0]);
        const r = await rollback(store, { remote, to: o.to, who, why, force: o.force });
        forcedNote(r.skipped);
        console.log(`${remote}: ${r.from ?? '(none)'} → ${r.to} (rollback)`);
        return;
      }
      case 'canary': {
        if (args[0] === 'health' || args[0] === 'watch') {
          const { canaryHealthCommand, canaryWatchCommand } = await import('./release-watch-cli.mjs');
          const remote = knownRemote(args[1]);
          if (args[0] === 'health') await canaryHealthCommand(store, { remote, options: o });
          else process.exitCode = await canaryWatchCommand(store, { remote, who, options: o });
          return;
        }
        if (args[0] === 'promote' || args[0] === 'abort') {
          const remote = knownRemote(args[1]);
          if (args[0] === 'promote') {
            const r = await canaryPromote(store, { remote, who, why });
            console.log(`${remote}: ${r.from ?? '(none)'} → ${r.to} (canary promoted to everyone)`);
          } else {
            const r = await canaryAbort(store, { remote, who, why });
            console.log(`${remote}: canary ${r.from} aborted`);
          }
          return;
        }
        const remote = knownRemote(args[0]);
        const chosen = [o.staff, o.segment !== undefined, o.percent !== undefined].filter(Boolean).length;
        if (!args[1] || chosen !== 1)
          usage('usage: release.mjs canary <remote> <version> --staff | --segment <segment> | --percent <1-100>');
        const audience = o.staff
          ? { kind: 'staff' }
          : o.segment !== undefined
            ? { kind: 'segment', segment: o.segment }
            : { kind: 'percent', percent: Number(o.percent) };
        const r = await canaryStart(store, { remote, version: args[1], audience, who, why, force: o.force });
        forcedNote(r.skipped);
        console.log(`${remote}: canary ${r.to} for ${describeAudience(audience)}${r.from ? ` (replaces canary ${r.from})` : ''}`);
        return;
      }
      case 'preview': {
        const remote = knownRemote(args[0]);
        if (!args[1]) usage('usage: release.mjs preview <remote> <version> [--site URL]');
        checkVersion(args[1]);
        await readPublished(store, remote, args[1]);
        const site = (o.site ?? process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT || 3000}`).replace(/\/$/, '');
        console.log(`${site}/backoffice/releases?preview=${encodeURIComponent(`${remote}@${args[1]}`).replace('%40', '@')}`);
        console.error('open it logged in to the back office: it asks before this browser runs the version (ended at logout)');
        return;
      }
      case 'status': {
        const s = await status(store);
        if (o.json) {
          console.log(JSON.stringify(s, null, 2));
          return;
        }
        for (const [remote, r] of Object.entries(s.remotes)) {
          const canary = r.canary ? `; canary ${r.canary.version} (${describeAudience(r.canary.audience)})` : '';
          const list = r.published.map((p) => (p.version === r.live ? `*${p.version}` : p.version)).join(', ') || '(none)';
          console.log(`${remote}: live ${r.live ?? '(none)'}${canary}; published ${list}`);
        }
        return;
      }
      case 'history': {
        const remote = args[0] === undefined ? undefined : knownRemote(args[0]);
        const limit = o.limit === undefined ? 50 : Number(o.limit);
        const entries = (await readHistory(store, { remote })).slice(-limit);
        if (o.json) {
          console.log(JSON.stringify(entries, null, 2));
          return;
        }
        for (const e of entries) {
          const audience = e.audience ? ` for ${describeAudience(e.audience)}` : '';
          const forced = e.forced ? ` FORCED (skipped: ${e.skipped.join('; ')})` : '';
          console.log(
            `${e.at} ${e.who} ${e.action} ${e.remote} ${e.from ?? '-'} → ${e.to ?? '-'}${audience}${e.why ? ` "${e.why}"` : ''}${forced}`,
          );
        }
        return;
      }
      case 'prune': {
        const keepDays = Number(o['keep-days'] ?? process.env.RELEASE_KEEP_DAYS ?? 14);
        if (!Number.isFinite(keepDays) || keepDays < 0) usage('--keep-days must be a number of days');
        const removed = await prune(store, { keepDays, who, dryRun: o['dry-run'] });
        for (const r of removed) console.log(`${o['dry-run'] ? 'would remove' : 'removed'} ${r.remote} ${r.version}`);
        if (removed.length === 0) console.log('nothing to prune');
        return;
      }
      case 'force-reload': {
        const r = await forceReload(store, { who, why });
        console.log(`pages started before revision ${r.to} reload at their next API answer`);
        return;
      }
      case 'token': {
        const { createToken, listTokens, revokeToken } = await import('./release-http.mjs');
        if (args[0] === 'create' && args[1]) {
          const t = await createToken(store, { scope: args[1], who });
          console.log(`deploy token ${t.id} for ${t.scope} (shown once; only its hash is kept):\n${t.token}`);
        } else if (args[0] === 'list') {
          for (const t of await listTokens(store)) console.log(`${t.id} ${t.scope} created ${t.createdAt} by ${t.createdBy}`);
        } else if (args[0] === 'revoke' && args[1]) {
          await revokeToken(store, args[1]);
          console.log(`deploy token ${args[1]} revoked`);
        } else {
          usage('usage: release.mjs token create <remote|*> | token list | token revoke <id>');
        }
        return;
      }
      case 'serve': {
        const { serve } = await import('./release-http.mjs');
        const port = Number(o.port ?? 4400);
        const server = await serve(store, { port, host: o.host ?? '127.0.0.1' });
        const address = server.address();
        console.log(`release endpoint on http://${address.address}:${address.port} (${store.description})`);
        await new Promise((resolve) => {
          for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close(resolve));
        });
        return;
      }
      case 'shared-version': {
        const { recordVersion, versionProblems } = await import('./release-shared-version.mjs');
        if (o.check) {
          const problems = versionProblems();
          if (problems.length > 0) throw new ReleaseError(problems.join('\n'));
          console.log('@app/shared: the recorded version matches its contract');
          return;
        }
        const r = recordVersion();
        console.log(`@app/shared ${r.version}: contract fingerprint ${r.fingerprint} recorded in shared/contract-version.json`);
        return;
      }
      default:
        usage();
    }
  } finally {
    store.close?.();
  }
}

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof ReleaseError) {
    console.error(error.message);
    process.exit(error.exitCode);
  }
  console.error(error);
  process.exit(1);
});
