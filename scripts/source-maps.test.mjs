import { afterEach, describe, expect, test } from 'vitest';
import { baseConfig } from '../shared/build/federation.mjs';

// Production builds of the shell and the remotes publish no source maps by default: the site's
// sources (comments, names, the whole tree) are not handed to every visitor. SOURCE_MAPS=true
// builds them for a deployment that wants them (an error monitor that uploads them, say).
const saved = process.env.SOURCE_MAPS;
afterEach(() => {
  if (saved === undefined) delete process.env.SOURCE_MAPS;
  else process.env.SOURCE_MAPS = saved;
});

const devtool = (mode) => baseConfig({ dir: '/tmp/x', mode, publicPath: 'auto' }).devtool;

describe('source maps of the site builds', () => {
  test('a production build writes none by default', () => {
    delete process.env.SOURCE_MAPS;
    expect(devtool('production')).toBe(false);
  });
  test('SOURCE_MAPS=true writes them (source-map)', () => {
    process.env.SOURCE_MAPS = 'true';
    expect(devtool('production')).toBe('source-map');
  });
  test('development keeps its fast inline maps', () => {
    delete process.env.SOURCE_MAPS;
    expect(devtool('development')).toBe('eval-cheap-module-source-map');
  });
});
