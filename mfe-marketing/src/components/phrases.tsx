import { Fragment } from 'react';

/**
 * Text split into phrases that each stay on one line (分かち書き for line breaks). Browsers with
 * `word-break: auto-phrase` do this on their own; Safari does not, so key headings say it here.
 * `separator` goes between phrases (a space for a formula, nothing for Japanese prose).
 */
export function Phrases({ parts, separator = '' }: { parts: readonly string[]; separator?: string }) {
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && separator}
          <span className="mk-phrase">{part}</span>
        </Fragment>
      ))}
    </>
  );
}
