import { remoteForPath } from '@app/contracts/routes';
import { authStore, isLoggedIn, refreshAuth, type AuthState } from './store';
import { createLiveStream, type LiveStream } from './live-stream';
import { createRevalidator, emitLiveNotice, type Revalidator } from './revalidate';

/**
 * Live status in the browser (issue 22), started once per tab by the shell when an applicant is
 * logged in (`startLiveStatusWhenLoggedIn`, so a visitor's page never loads this):
 * - the tab becoming visible again re-reads `POST /api/me/` and moves the data generation (every
 *   page's loaders read again); a navigation does the same when the copy is older than 30 s;
 * - ONE EventSource per tab on `GET /api/events/` while an applicant is logged in and the page is
 *   not the back office: a notice re-reads as above (and goes to `subscribeLiveNotices` listeners);
 *   closed at logout; reconnects with back-off (live-stream.ts), and a re-read that succeeded
 *   (the API answers again) reconnects at once.
 * Without the stream (a buffering proxy, the API away) the focus and navigation re-reads still work.
 */
export interface LiveStatus {
  readonly revalidator: Revalidator;
  readonly stream: LiveStream;
  readonly stop: () => void;
}

let started: LiveStatus | undefined;

const onApplicantPage = (state: AuthState) =>
  isLoggedIn(state) && remoteForPath(window.location.pathname, window.location.search) !== 'backoffice';

export function startLive(): LiveStatus {
  if (started) return started;
  // Quiet: a re-read nobody asked for shows no network-error toast and never logs out on a failure
  // (refreshAuth's `background`); true when the API answered.
  const refreshMe = async () => {
    let answered = true;
    await refreshAuth({ background: true, onNetworkError: () => (answered = false) });
    if (answered) stream.reconnectNow();
    return answered;
  };
  const revalidator = createRevalidator({ now: () => Date.now(), refreshMe });
  revalidator.markRead();
  const stream = createLiveStream({
    connect: (url) => new EventSource(url),
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
    random: Math.random,
    now: () => Date.now(),
    onNotice: (notice) => {
      emitLiveNotice(notice);
      void revalidator.notice(notice);
    },
    onReconnected: () => void revalidator.reconnected(),
  });
  const follow = (state: AuthState) => (onApplicantPage(state) ? stream.open() : stream.close());

  const onVisibility = () => {
    if (document.visibilityState !== 'visible' || !onApplicantPage(authStore.getState())) return;
    void revalidator.visible();
  };
  const onRouting = () => {
    follow(authStore.getState());
    if (onApplicantPage(authStore.getState())) void revalidator.navigated();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('single-spa:routing-event', onRouting);
  const unsubscribe = authStore.subscribe(follow);
  follow(authStore.getState());

  started = {
    revalidator,
    stream,
    stop: () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('single-spa:routing-event', onRouting);
      unsubscribe();
      stream.close();
      started = undefined;
    },
  };
  return started;
}
