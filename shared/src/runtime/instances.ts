/**
 * Records which module instances exist at run time so a test can prove that each shared singleton
 * (react, react-dom, react-router-dom, zustand, @app/shared) is loaded once, whichever remote runs.
 * Read in the browser as `window.__APP_INSTANCES__` (name → number of distinct instances).
 */
type Registry = Map<string, Set<unknown>>;
interface InstanceGlobal {
  __APP_INSTANCE_REGISTRY__?: Registry;
  __APP_INSTANCES__?: Record<string, number>;
}

export function recordInstance(name: string, instance: unknown, target: object = globalThis): void {
  const g = target as InstanceGlobal;
  const registry = (g.__APP_INSTANCE_REGISTRY__ ??= new Map<string, Set<unknown>>());
  const set = registry.get(name) ?? new Set<unknown>();
  set.add(instance);
  registry.set(name, set);
  g.__APP_INSTANCES__ = Object.fromEntries([...registry].map(([k, v]) => [k, v.size]));
}
