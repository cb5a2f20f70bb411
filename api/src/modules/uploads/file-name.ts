/**
 * The extensions a stored type may be named with, the first one its own. Only the types an upload
 * can be stored as (shared/contracts/upload.ts: the detected type, never the one the browser sent).
 */
const EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/heic': ['heic'],
  'image/heif': ['heif'],
  'text/csv': ['csv'],
};
/** Any other type: a name no program claims. */
const UNKNOWN_EXTENSION = 'bin';
const FALLBACK_STEM = 'ファイル';
const NAME_MAX = 200;

/** Control characters and bidirectional overrides/marks (`invoice\u202Efdp.exe` shows as `invoiceexe.pdf`). */
const CONTROL_OR_BIDI = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** `name.ext` → stem and extension; an extension starts with a letter (`v1.2` has none), at most 10 characters. */
function splitExtension(name: string): { stem: string; extension: string | undefined } {
  const match = /^(.*)\.([A-Za-z][A-Za-z0-9]{0,9})$/su.exec(name);
  return match === null ? { stem: name, extension: undefined } : { stem: match[1] ?? '', extension: match[2] };
}

/**
 * The name a file is stored and downloaded under: the applicant's name, with the extension of the
 * type its bytes were detected as — so that, saved to disk, it opens as what it is and never as a
 * program or a page. An extension that already names the type is kept as written (`scan.JPG`);
 * another one is replaced (`invoice.html` that is a PDF → `invoice.pdf`); one hidden behind a
 * program's is uncovered (`請求書.pdf.exe` → `請求書.pdf`). Trailing dots and spaces (which Windows
 * drops, so `a.exe.` would be `a.exe`), leading dots (a hidden file) and control/bidi characters
 * go; an empty stem becomes 「ファイル」. At most 200 characters, the extension included. Idempotent.
 */
export function safeFileName(name: string, contentType: string): string {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const allowed = EXTENSIONS[type] ?? [];
  const own = allowed[0] ?? UNKNOWN_EXTENSION;
  const fits = (extension: string | undefined) => extension !== undefined && allowed.includes(extension.toLowerCase());

  const cleaned = name
    .normalize('NFC')
    .replace(CONTROL_OR_BIDI, '')
    .replace(/[.\s]+$/u, '');
  let { stem, extension } = splitExtension(cleaned);
  if (!fits(extension) && extension !== undefined) {
    // `請求書.pdf.exe`: the program's extension goes; the one under it may be the type's own.
    const inner = splitExtension(stem);
    if (fits(inner.extension)) ({ stem, extension } = inner);
  }
  const kept = fits(extension) ? (extension ?? own) : own;

  stem = stem.replace(/^[.\s]+/u, '').trim();
  const room = NAME_MAX - 1 - [...kept].length;
  stem = [...stem]
    .slice(0, room)
    .join('')
    .replace(/[.\s]+$/u, '');
  return `${stem === '' ? FALLBACK_STEM : stem}.${kept}`;
}
