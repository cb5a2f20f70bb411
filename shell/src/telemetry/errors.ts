import { scrubMessage } from '@app/contracts/domain/telemetry';
import type { DeploymentManifest, RemoteName } from '@app/shared/core';

/** The longest frame sent (the endpoint's bound). */
export const FRAME_MAX = 500;
/** The longest message sent (the endpoint's bound; scrubMessage already keeps it shorter). */
export const MESSAGE_MAX = 1000;

/** A URL's query and fragment removed (`/a/b?token=x#y` → `/a/b`): only paths are ever sent. */
export function withoutQueries(text: string): string {
  // Up to a frame's `:line:column`, a space, a quote or a parenthesis.
  return text.replace(/((?:[a-z][a-z0-9+.-]*:)?\/[^\s?#'"()<>]*)[?#][^\s'"()<>]*?(?=:\d+:\d+|[\s'"()<>]|$)/gi, '$1');
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * What an error says, as it may be sent: `Name: message` of an Error (a ContractError by its
 * endpoint, status and mismatching fields: never its URL), the text of a thrown string, the kind of
 * anything else (never its contents). Queries removed, then scrubbed (mail addresses, digit runs).
 */
export function messageOf(error: unknown): string {
  let raw: string;
  if (isObject(error) && text(error.endpoint) !== undefined && Array.isArray(error.problems)) {
    const fields = (error.problems as unknown[]).map((p) => (isObject(p) ? `${text(p.field) ?? '?'}: ${text(p.problem) ?? '?'}` : '?'));
    raw = `ContractError: ${text(error.endpoint)} (${String(error.status)}) does not match its contract: ${fields.join('; ')}`;
  } else if (isObject(error) && text(error.message) !== undefined) {
    const name = text(error.name) ?? 'Error';
    raw = `${name}: ${text(error.message)}`;
  } else if (typeof error === 'string') {
    raw = error;
  } else {
    raw = `Non-Error thrown (${error === null ? 'null' : typeof error})`;
  }
  return scrubMessage(withoutQueries(raw)).slice(0, MESSAGE_MAX);
}

/** The stack's lines that are frames: Chrome's `at …` lines, else Firefox's and Safari's `fn@url:1:2` (never the message). */
function framesOf(error: unknown): string[] {
  const stack = isObject(error) ? text(error.stack) : undefined;
  if (stack === undefined) return [];
  const lines = stack.split('\n').map((line) => line.trim());
  const chrome = lines.filter((line) => /^at\s/.test(line));
  return chrome.length > 0 ? chrome : lines.filter((line) => /@.*:\d+(?::\d+)?$/.test(line));
}

/** The stack's top frame as the browser printed it, without a query, at most FRAME_MAX characters; null without a stack. */
export function topFrameOf(error: unknown): string | null {
  const [top] = framesOf(error);
  return top === undefined ? null : withoutQueries(top).slice(0, FRAME_MAX);
}

/**
 * The remote whose code threw (Sentry's module metadata, by URL): the first frame of the stack in a
 * remote's folder (the folder of its `mf-manifest.json` in the manifest this page loaded);
 * undefined when no frame is (the shell's or shared code, or no stack).
 */
export function remoteOfStack(error: unknown, manifest: DeploymentManifest | null, base: string): RemoteName | undefined {
  if (manifest === null) return undefined;
  const folders: [RemoteName, string][] = [];
  for (const [remote, entry] of Object.entries(manifest.remotes) as [RemoteName, { manifest: string }][]) {
    try {
      folders.push([remote, new URL('.', new URL(entry.manifest, base)).href]);
    } catch {
      // An unreadable URL attributes nothing.
    }
  }
  for (const frame of framesOf(error)) {
    const found = folders.find(([, folder]) => frame.includes(folder));
    if (found) return found[0];
  }
  return undefined;
}
