import { authStore, isLoggedIn } from './store';

/**
 * Starts live status (live.ts: the focus and navigation re-reads, the one event stream of the tab)
 * once an applicant is logged in, now or later in this tab (a login on /login). Its code loads only
 * then: a visitor's page loads and runs nothing of it. The shell calls this once its first page has
 * settled, so the stream never competes with the first paint.
 */
export function startLiveStatusWhenLoggedIn(): void {
  const start = () => void import(/* webpackChunkName: "live-status" */ './live').then((live) => live.startLive());
  if (isLoggedIn(authStore.getState())) {
    start();
    return;
  }
  // A login in this tab: the page it leads to mounts and loads its data first, then (at idle) live status.
  const unsubscribe = authStore.subscribe((state) => {
    if (!isLoggedIn(state)) return;
    unsubscribe();
    window.addEventListener('single-spa:app-change', () => whenIdle(start), { once: true });
  });
}

function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task(), { timeout: 3000 });
  else window.setTimeout(task, 1);
}
