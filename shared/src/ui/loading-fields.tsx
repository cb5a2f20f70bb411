/**
 * A form's placeholder while its data loads: the status said once and `count` field-high
 * placeholders, so the form that replaces them does not shift the page.
 */
export function LoadingFields({ count }: { readonly count: number }) {
  return (
    <>
      <p className="muted" role="status">
        読み込んでいます…
      </p>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton skeleton--field" />
      ))}
    </>
  );
}
