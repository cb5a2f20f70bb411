import { fetchLatestBuildId, startBuildPoller, type BuildPoller } from '@app/shared/core';

interface RoutingEventDetail {
  readonly oldUrl: string;
  readonly newUrl: string;
  readonly cancelNavigation?: () => void;
}

/**
 * Polls builds/latest.json (at start and hourly). Once a new build is live, the next navigation
 * is turned into a full page load so the tab never mixes old and new code.
 */
export async function installStaleBuildReload(win: Window = window): Promise<BuildPoller> {
  const poller = await startBuildPoller({
    fetchBuildId: () => fetchLatestBuildId(),
    onStale: (id) => {
      console.info(`[shell] new build ${id} is live: the next navigation reloads the page`);
      win.document.documentElement.dataset.staleBuild = 'true';
    },
  });
  win.addEventListener('single-spa:before-routing-event', (event) => {
    const detail = (event as CustomEvent<RoutingEventDetail>).detail;
    if (!poller.isStale() || !detail?.cancelNavigation) return;
    if (detail.newUrl === detail.oldUrl) return;
    detail.cancelNavigation();
    win.location.assign(detail.newUrl);
  });
  return poller;
}
