// Standalone mount, for working on this remote alone with its own dev server (`dev`, or `dev:mock`
// with the in-browser mock API instead of the real one; never part of a production build).
import { mountStandalone } from '@app/shared';
import { pages } from './app/pages';

void mountStandalone('entry', pages, __MOCK_API__ ? () => import('@app/mocks/browser').then((mocks) => mocks.startMockApi()) : undefined);
