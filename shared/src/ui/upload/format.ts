import { pathOf } from '@app/contracts/api/endpoint';
import * as endpoints from '@app/contracts/endpoints';
import { acceptedContentTypes } from '@app/contracts/api/upload';
import type { UploadKind } from '@app/contracts/domain/statuses';

/** File name endings per content type, for `accept` (a HEIC photo often has no type on Windows). */
const EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
  'application/pdf': ['.pdf'],
  'text/csv': ['.csv'],
};

/** The file input's `accept`: the kind's content types and their file name endings. */
export function acceptAttribute(kind: UploadKind): string {
  const types = acceptedContentTypes(kind);
  return [...types, ...types.flatMap((type) => EXTENSIONS[type] ?? [])].join(',');
}

/** Types every browser can show in an `<img>` (HEIC and PDF get their name and size instead). */
const PREVIEWABLE = new Set(['image/jpeg', 'image/png']);
export const isPreviewable = (contentType: string): boolean => PREVIEWABLE.has(contentType.toLowerCase());

/** Where an uploaded file's bytes are served (owner only; an `<img src>` for JPEG/PNG). */
export const uploadContentUrl = (id: number): string => pathOf(endpoints.uploads.content, { id });

/** `1.2 MB`, `340 KB`, `512 B` (binary units, one decimal below 10). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  // 1023.6 KB rounds to 1024: say 1 MB instead.
  if (rounded >= 1024 && unit < units.length - 1) return `1 ${units[unit + 1]}`;
  return `${rounded} ${units[unit]}`;
}

/** Short names of the formats, for the hint and the badge of a file with no preview. */
export const FORMAT_LABELS: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/heic': 'HEIC',
  'image/heif': 'HEIC',
  'application/pdf': 'PDF',
  'text/csv': 'CSV',
};

/** The last part of a file name's type for a file with no preview (`PDF`, `HEIC`, `CSV`). */
export const badgeOf = (name: string, contentType: string): string =>
  FORMAT_LABELS[contentType] ?? (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toUpperCase() : 'FILE');
