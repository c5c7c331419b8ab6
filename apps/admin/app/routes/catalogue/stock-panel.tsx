import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import type { ProductDetail } from '@piste/admin';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Panel } from '~/components/states';

export interface StockAdjustment {
  id: number;
  variantSku: string | null;
  delta: number;
  levelAfter: number;
  reason: string;
  note: string;
  actor: string;
  at: string;
}

const REASONS = ['received', 'correction', 'damaged', 'returned', 'recount'] as const;

interface Target {
  variantId: number | null;
  label: string;
  level: number;
}

/** An "Adjust stock" dialog: a change (+5, −2) or the level counted on the shelf, with a reason. */
function AdjustDialog({ target, onClose }: { target: Target; onClose: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; error?: { message: string; fields?: Record<string, string> } }>();
  const [mode, setMode] = useState<'delta' | 'level'>('delta');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<(typeof REASONS)[number]>('received');
  const [note, setNote] = useState('');
  const value = Number(amount);
  const valid = amount.trim() !== '' && Number.isInteger(value) && (mode === 'delta' ? value !== 0 : value >= 0);
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  const done = fetcher.state === 'idle' && fetcher.data?.ok === true;
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);
  return (
    <ConfirmDialog
      open
      title={`Adjust stock of ${target.label}`}
      confirmLabel="Adjust"
      busy={fetcher.state !== 'idle'}
      onCancel={onClose}
      onConfirm={() => {
        if (!valid) return;
        void fetcher.submit(
          { intent: 'stock', variantId: target.variantId, [mode]: value, reason, note },
          { method: 'post', encType: 'application/json' },
        );
      }}
    >
      <p>
        In stock now: <strong>{target.level}</strong>
      </p>
      <fieldset className="field">
        <legend className="field__label">Change</legend>
        <label className="field__check">
          <input type="radio" checked={mode === 'delta'} onChange={() => setMode('delta')} /> Add or remove units
        </label>
        <label className="field__check">
          <input type="radio" checked={mode === 'level'} onChange={() => setMode('level')} /> Set the counted level
        </label>
      </fieldset>
      <label className="field">
        <span className="field__label">{mode === 'delta' ? 'Units (negative to remove)' : 'Units on the shelf'}</span>
        <input
          className="input input--number"
          type="number"
          step={1}
          value={amount}
          aria-invalid={(amount !== '' && !valid) || undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
      </label>
      <label className="field">
        <span className="field__label">Reason</span>
        <select className="input" value={reason} onChange={(event) => setReason(event.target.value as typeof reason)}>
          {REASONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Note</span>
        <input className="input" value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
      </label>
      {amount !== '' && !valid && (
        <p className="field__error">
          {mode === 'delta' ? 'Give a whole number other than 0.' : 'Give a whole number of 0 or more.'}
        </p>
      )}
      {refusal && <p className="field__error">{Object.values(refusal.fields ?? {})[0] ?? refusal.message}</p>}
    </ConfirmDialog>
  );
}

/** Stock per variant (or of the product as a whole), an "Adjust stock" button each, and the history. */
export function StockPanel({
  product,
  history,
  canWrite,
}: {
  product: ProductDetail;
  history: StockAdjustment[];
  canWrite: boolean;
}) {
  const [target, setTarget] = useState<Target | null>(null);
  const targets: Target[] =
    product.inventoryTracking === 'variant'
      ? product.variants.map((variant) => ({
          variantId: variant.id,
          label: `${variant.sku} (${variant.optionLabels.join(', ')})`,
          level: variant.inventoryLevel,
        }))
      : product.inventoryTracking === 'product'
        ? [{ variantId: null, label: product.name, level: product.inventoryLevel }]
        : [];
  return (
    <Panel title="Stock">
      {targets.length === 0 ? (
        <p className="muted">This product does not track stock.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">In stock</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {targets.map((row) => (
              <tr key={row.variantId ?? 'product'}>
                <td>{row.label}</td>
                <td className="number">{row.level === 0 ? <strong>Sold out (0)</strong> : row.level}</td>
                <td>
                  {canWrite && (
                    <button type="button" className="button" onClick={() => setTarget(row)}>
                      Adjust stock…
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>History</h3>
      {history.length === 0 ? (
        <p className="muted">No adjustments yet.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Variant</th>
              <th scope="col">Change</th>
              <th scope="col">Level after</th>
              <th scope="col">Reason</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {history.map((entry) => (
              <tr key={entry.id}>
                <td>{new Date(entry.at).toLocaleString()}</td>
                <td>{entry.variantSku ?? 'product'}</td>
                <td className="number">{entry.delta > 0 ? `+${entry.delta}` : entry.delta}</td>
                <td className="number">{entry.levelAfter}</td>
                <td>
                  {entry.reason}
                  {entry.note && <span className="muted"> — {entry.note}</span>}
                </td>
                <td>{entry.actor}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {target && <AdjustDialog target={target} onClose={() => setTarget(null)} />}
    </Panel>
  );
}
