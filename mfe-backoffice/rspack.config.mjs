// mfe-backoffice: builds alone (`pnpm --filter mfe-backoffice build`) and runs alone (`pnpm --filter mfe-backoffice dev`).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { remoteConfig } from '@app/shared/build/federation';

const dir = path.dirname(fileURLToPath(import.meta.url));
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

// `--env mock` (the dev:mock script): the standalone page answers /api itself (MSW), no API needed.
export default (env, argv) => {
  const config = remoteConfig({ remote: 'backoffice', dir, mode: argv.mode ?? 'production', mock: Boolean(env?.mock) });
  // The staff PDF viewer (pdf-pages.tsx): PDF.js's character maps (a Japanese PDF whose fonts are
  // not embedded names them, e.g. UniJIS-UCS2-H) and the 14 standard fonts' data, fetched only
  // when such a PDF is drawn. Beside the build's chunks, so a version carries its own.
  config.plugins.push(
    new rspack.CopyRspackPlugin({
      patterns: [
        { from: path.join(pdfjsDir, 'cmaps'), to: 'pdfjs/cmaps' },
        { from: path.join(pdfjsDir, 'standard_fonts'), to: 'pdfjs/standard_fonts' },
      ],
    }),
  );
  return config;
};
