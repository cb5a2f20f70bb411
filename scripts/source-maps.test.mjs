import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { baseConfig, productionDevtool } from '../shared/build/federation.mjs';
import { ROOT, SOURCE_MAPS_DIR } from './lib.mjs';

// Production builds of the shell and the remotes write hidden source maps: a `.map` beside every
// script, no `//# sourceMappingURL` in the script (the served bytes are the same, no browser asks for
// one). The release scripts keep them in `.release/sourcemaps/` (never served), where the API reads
// them to map field errors' frames. SOURCE_MAPS=off writes none.
const saved = process.env.SOURCE_MAPS;
afterEach(() => {
  if (saved === undefined) delete process.env.SOURCE_MAPS;
  else process.env.SOURCE_MAPS = saved;
});

const devtool = (mode) => baseConfig({ dir: '/tmp/x', mode, publicPath: 'auto' }).devtool;

describe('source maps of the site builds', () => {
  test('a production build writes hidden maps by default', () => {
    delete process.env.SOURCE_MAPS;
    expect(devtool('production')).toBe('hidden-source-map');
    process.env.SOURCE_MAPS = 'hidden';
    expect(devtool('production')).toBe('hidden-source-map');
  });
  test('SOURCE_MAPS=off writes none', () => {
    process.env.SOURCE_MAPS = 'off';
    expect(devtool('production')).toBe(false);
  });
  test('anything else is refused: no setting publishes the maps (the old SOURCE_MAPS=true included)', () => {
    expect(() => productionDevtool('true')).toThrow(/SOURCE_MAPS=true: expected hidden \(the default\) or off/);
    expect(() => productionDevtool('public')).toThrow(/maps are never served/);
  });
  test('development keeps its fast inline maps', () => {
    delete process.env.SOURCE_MAPS;
    expect(devtool('development')).toBe('eval-cheap-module-source-map');
  });
  test('the API reads the maps where the release scripts keep them (one folder, named twice)', () => {
    const api = fs.readFileSync(path.join(ROOT, 'api', 'src', 'modules', 'telemetry', 'source-maps.ts'), 'utf8');
    expect(SOURCE_MAPS_DIR).toBe('.release/sourcemaps');
    expect(api).toContain(`export const SOURCE_MAPS_DIR = '${SOURCE_MAPS_DIR}';`);
  });
});
