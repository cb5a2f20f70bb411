import { apiUploadKind } from '@app/contracts/domain/statuses';

/**
 * One upload per API kind at a time, across every UploadField of the page (spec §5/§8: a second one
 * is refused with 「他のファイルをアップロード中です」). Keyed by `apiUploadKind`, so `invoice-1` and
 * `invoice-2` share a slot and `identity` front and back too.
 *
 * This entry point is not a module-federation singleton: each remote that uses it bundles its own
 * copy. The set therefore lives on `globalThis` under a registered symbol, so two remotes on one
 * page still share it.
 */
const REGISTRY = Symbol.for('@app/shared/upload:in-flight');

function inFlight(): Set<string> {
  const holder = globalThis as { [REGISTRY]?: Set<string> };
  return (holder[REGISTRY] ??= new Set<string>());
}

/** Whether a file of this key's kind is being uploaded now. */
export const isUploadInFlight = (key: string): boolean => inFlight().has(apiUploadKind(key));

/**
 * Takes the kind's slot: a function that gives it back (once), or null when another upload of the
 * kind holds it.
 */
export function claimUploadSlot(key: string): (() => void) | null {
  const kind = apiUploadKind(key);
  const slots = inFlight();
  if (slots.has(kind)) return null;
  slots.add(kind);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    slots.delete(kind);
  };
}
