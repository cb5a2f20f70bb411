import { lazy } from 'react';
import type { PageMap } from '@app/shared';

// Each page is its own chunk: the landing page does not download the legal texts.
export const pages: PageMap = {
  home: lazy(() => import('../features/home/home-page')),
};
