import type { ComponentType } from 'react';
import { lazyPage, type LazyPage, type PageProps } from '../core';

/**
 * A page that is one named export of a chunk holding several (the wizard's steps, the profile's
 * variants share one chunk): lazyPage of `load()`'s export `name`, preloaded like any other.
 */
export function lazyNamedPage<K extends string>(load: () => Promise<Record<NoInfer<K>, ComponentType<PageProps>>>, name: K): LazyPage {
  return lazyPage(() => load().then((module) => ({ default: module[name] })));
}
