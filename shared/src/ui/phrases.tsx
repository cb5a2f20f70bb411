/**
 * A short text — a heading, a completion message — split by hand into phrases (文節) that each stay
 * on one line. Chromium already breaks Japanese between phrases by itself (`word-break: auto-phrase`
 * in site-css.ts, for `lang="ja"`); Safari and Firefox do not and would break 「受け付けま／した」:
 * for them each phrase is an inline block (`.phrase`). Running text is left to the browser.
 */
export function Phrases({ parts }: { readonly parts: readonly string[] }) {
  return (
    <>
      {parts.map((part, i) => (
        <span key={i} className="phrase">
          {part}
        </span>
      ))}
    </>
  );
}
