import type { ReactNode } from 'react';
import type { AuditEntryData } from '@piste/admin';
import styles from './audit.module.css';

const TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function formatAuditTime(iso: string): string {
  return TIME.format(new Date(iso));
}

/** `staff.reset-password` → "staff · reset password". */
export function formatAction(action: string): string {
  const [entity, verb] = action.split('.', 2);
  return verb ? `${entity} · ${verb.replaceAll('-', ' ')}` : action;
}

function show(value: unknown): ReactNode {
  if (value === undefined) return <em className="muted">—</em>;
  if (value === null || value === '') return <em className="muted">empty</em>;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return <code>{JSON.stringify(value)}</code>;
  return String(value);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * What an entry changed, field by field: the fields whose value differs between before and
 * after (all of them for a creation, which has no before). A value that is not a record is
 * shown whole.
 */
export function AuditDiff({ entry }: { entry: Pick<AuditEntryData, 'before' | 'after'> }) {
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  if ((entry.before != null && !before) || (entry.after != null && !after)) {
    return (
      <dl className="details">
        <dt>Before</dt>
        <dd>{show(entry.before)}</dd>
        <dt>After</dt>
        <dd>{show(entry.after)}</dd>
      </dl>
    );
  }
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (key) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key]),
  );
  if (keys.length === 0) return <p className="muted">No recorded field changed.</p>;
  return (
    <table className={`table ${styles.diff}`}>
      <caption className="visually-hidden">Fields changed</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key}>
            <th scope="row">{key}</th>
            <td className={styles.before}>{before ? show(before[key]) : show(undefined)}</td>
            <td className={styles.after}>{after ? show(after[key]) : show(undefined)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
