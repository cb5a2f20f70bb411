import { OPERATOR_FIELDS, operatorValue, PENDING_TEXT, type OperatorField } from './operator';

/** An operator detail as text (e-mail and phone as links), or the honest 準備中 note. */
export function OperatorValue({ field }: { field: OperatorField }) {
  const value = operatorValue(field);
  if (value === null) return <span className="legal__pending">{PENDING_TEXT}</span>;
  if (field === 'email') return <a href={`mailto:${value}`}>{value}</a>;
  if (field === 'phone') {
    const dial = value.replace(/[^\d+]/g, '');
    return dial.length >= 6 ? <a href={`tel:${dial}`}>{value}</a> : <>{value}</>;
  }
  return <span className="legal__multiline">{value}</span>;
}

/** Operator details as table rows (th = label), each missing one marked 準備中. */
export function OperatorRows({ fields = OPERATOR_FIELDS }: { fields?: typeof OPERATOR_FIELDS }) {
  return (
    <>
      {fields.map((row) => (
        <tr key={row.field}>
          <th scope="row">{row.label}</th>
          <td>
            <OperatorValue field={row.field} />
          </td>
        </tr>
      ))}
    </>
  );
}
