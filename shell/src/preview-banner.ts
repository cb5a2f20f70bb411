import type { DeploymentManifest } from '@app/shared/core';

/** The banner's element id (one per page). */
export const PREVIEW_BANNER_ID = 'staff-preview-banner';

/** The pinned remotes of a manifest: `remote version` pairs, in the manifest's order. */
export function previewsOf(manifest: DeploymentManifest): { remote: string; version: string }[] {
  return Object.entries(manifest.remotes)
    .filter(([, entry]) => entry.preview === true)
    .map(([remote, entry]) => ({ remote, version: entry.version }));
}

/**
 * A staff member's preview (issue 26: a published version pinned for their own browser, from the
 * back office's リリース状況): while any pin is active, every page starts with a banner that says
 * which versions run and where to end it. Plain DOM before the page (no React: the shell's first
 * chunk stays small), announced once as a status; nothing for anyone else.
 */
export function showPreviewBanner(manifest: DeploymentManifest, doc: Document = document): HTMLElement | null {
  const pins = previewsOf(manifest);
  doc.getElementById(PREVIEW_BANNER_ID)?.remove();
  if (pins.length === 0) return null;
  const banner = doc.createElement('div');
  banner.id = PREVIEW_BANNER_ID;
  banner.className = 'preview-banner';
  banner.setAttribute('role', 'status');
  const text = doc.createElement('p');
  text.className = 'preview-banner__text';
  const strong = doc.createElement('strong');
  strong.textContent = 'スタッフ用プレビュー表示中：';
  text.append(strong, pins.map((p) => `${p.remote} ${p.version}`).join('、'), '（このブラウザーのみ。ログアウトで終了）');
  const link = doc.createElement('a');
  link.className = 'preview-banner__link';
  link.href = '/backoffice/releases';
  link.textContent = 'リリース状況でプレビューを終了';
  banner.append(text, link);
  doc.body.prepend(banner);
  return banner;
}
