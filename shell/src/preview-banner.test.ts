import { describe, expect, test } from 'vitest';
import type { DeploymentManifest } from '@app/shared/core';
import { PREVIEW_BANNER_ID, showPreviewBanner } from './preview-banner';

const entry = (version: string, flags: { preview?: boolean; canary?: boolean } = {}) => ({
  manifest: `/remotes/x/${version}/mf-manifest.json`,
  version,
  ...flags,
});
const manifest = (overrides: Partial<Record<string, ReturnType<typeof entry>>> = {}) =>
  ({
    revision: 3,
    remotes: {
      marketing: entry('m1'),
      auth: entry('a1'),
      entry: entry('e1'),
      mypage: entry('p1'),
      backoffice: entry('b1'),
      ...overrides,
    },
  }) as DeploymentManifest;

describe('the staff preview banner', () => {
  test('names each pinned remote and version, says who sees it and links to where it ends', () => {
    const banner = showPreviewBanner(
      manifest({ entry: entry('0.1.0-bbbbbbbbbb', { preview: true }), mypage: entry('p2', { preview: true }) }),
    );
    expect(banner).not.toBeNull();
    expect(document.body.firstElementChild).toBe(banner);
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toHaveTextContent(
      'スタッフ用プレビュー表示中：entry 0.1.0-bbbbbbbbbb、mypage p2（このブラウザーのみ。ログアウトで終了）',
    );
    expect(banner?.querySelector('a')).toHaveAttribute('href', '/backoffice/releases');
    expect(banner?.querySelector('a')).toHaveTextContent('リリース状況でプレビューを終了');
  });

  test('nothing without a pin (a canary is not a preview); shown again, it replaces the one before', () => {
    expect(showPreviewBanner(manifest({ mypage: entry('p2', { canary: true }) }))).toBeNull();
    expect(document.getElementById(PREVIEW_BANNER_ID)).toBeNull();
    showPreviewBanner(manifest({ entry: entry('e2', { preview: true }) }));
    showPreviewBanner(manifest({ entry: entry('e3', { preview: true }) }));
    expect(document.querySelectorAll(`#${PREVIEW_BANNER_ID}`)).toHaveLength(1);
    expect(document.getElementById(PREVIEW_BANNER_ID)).toHaveTextContent('entry e3');
    showPreviewBanner(manifest());
    expect(document.getElementById(PREVIEW_BANNER_ID)).toBeNull();
  });
});
