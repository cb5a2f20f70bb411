import type { PageMap } from '@app/shared';

/**
 * Pages of this remote by route id. None is built yet: every route of this remote renders the
 * shared "not available yet" page until its issue lands (README feature table).
 */
export const pages: PageMap = {};
