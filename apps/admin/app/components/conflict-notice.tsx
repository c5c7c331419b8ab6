import type { ReactNode } from 'react';

export interface ConflictField<T> {
  key: keyof T & string;
  label: string;
  /** How to show the value (default: text, JSON for objects). */
  format?: (value: T[keyof T]) => ReactNode;
}

export interface ConflictNoticeProps<T extends object> {
  /** The record as someone else saved it: the 409 answer's `current`. */
  current: T;
  /** What this user tried to save. */
  yours: Partial<T>;
  /** The fields to compare; only those that differ are listed. Default: every key of `yours`. */
  fields?: ConflictField<T>[];
  /** Replace the form's values with theirs (and their version), to edit again from there. */
  onLoadTheirs: () => void;
  /** Who saved it and when, if the record says (e.g. "Ana, 2 minutes ago"). */
  savedBy?: ReactNode;
}

function show(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return <em>empty</em>;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return <code>{JSON.stringify(value)}</code>;
  return String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A stale edit refused (409 `VERSION_CONFLICT`): someone saved this record since it was opened.
 * Shows their values beside yours, field by field, so nothing is overwritten unseen; "Load
 * their version" puts theirs in the form to edit again.
 */
export function ConflictNotice<T extends object>({
  current,
  yours,
  fields,
  onLoadTheirs,
  savedBy,
}: ConflictNoticeProps<T>) {
  const compared =
    fields ?? (Object.keys(yours) as (keyof T & string)[]).map((key) => ({ key, label: key }) as ConflictField<T>);
  const differing = compared.filter(({ key }) => key !== 'version' && !same(current[key], yours[key]));
  return (
    <div className="conflict" role="alert">
      <h2 className="conflict__title">Someone else changed this{savedBy ? <> ({savedBy})</> : null}</h2>
      <p>Your changes were not saved. Compare, then load their version and make your changes again.</p>
      {differing.length > 0 && (
        <table className="conflict__table">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Their version</th>
              <th scope="col">Yours</th>
            </tr>
          </thead>
          <tbody>
            {differing.map(({ key, label, format }) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                <td>{format ? format(current[key]) : show(current[key])}</td>
                <td>{format ? format(yours[key] as T[keyof T]) : show(yours[key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" className="button button--primary" onClick={onLoadTheirs}>
        Load their version
      </button>
    </div>
  );
}
