import { operatorValue, PENDING_TEXT, type OperatorField } from './operator';

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
