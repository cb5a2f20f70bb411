// Standalone mount, for working on this remote alone with its own dev server.
import { createRoot } from 'react-dom/client';
import { RemoteRoot, containerFor, ensureStyles, loadRuntimeConfig, refreshAuth, CONTAINERS } from '@app/shared';
import { pages } from './app/pages';

ensureStyles();
void loadRuntimeConfig()
  .then(() => refreshAuth())
  .then(() => {
    createRoot(containerFor(CONTAINERS.marketing)).render(<RemoteRoot remote="marketing" pages={pages} />);
  });
