import { createRoot, type Root } from 'react-dom/client';
import { BRAND, COPY, ErrorPage, Layout, containerFor } from '@app/shared/core';

/**
 * What single-spa mounts in place of a remote that could not be loaded: the error page (503)
 * inside the simple layout. The other remotes keep working; a reload tries the remote again.
 */
export function fallbackLifecycles(containerName: string) {
  let root: Root | null = null;
  return {
    bootstrap: async () => {},
    mount: async () => {
      root = createRoot(containerFor(containerName));
      root.render(
        <Layout name="simple-header">
          <ErrorPage status={503} detail={COPY.errors.remoteUnavailable} />
        </Layout>,
      );
      document.title = `${COPY.errors.server}｜${BRAND.fullName}`;
    },
    unmount: async () => {
      root?.unmount();
      root = null;
    },
  };
}
