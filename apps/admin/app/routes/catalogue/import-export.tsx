import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { ImportReport } from '@piste/admin';
import type { Route } from './+types/import-export';
import { attempt } from '~/components/form';
import { PageHeader } from '~/components/page-header';
import { Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { API_BASE, api } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import { CatalogueNav } from './catalogue-nav';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('catalogue:read', request.signal);
  return null;
}

/** A dry run first (`dryRun: true`), then the import itself once the report is confirmed. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  await requirePermission('catalogue:write');
  const { body, dryRun } = (await request.json()) as { body: unknown; dryRun: boolean };
  const result = await attempt(() => api.post<ImportReport>(`/catalogue/import${dryRun ? '?dryRun=1' : ''}`, body));
  if (result.ok && !dryRun) toast.success('Catalogue imported.');
  return result.ok
    ? { ok: true as const, report: result.data }
    : { ok: false as const, message: result.error.message, fields: result.error.fields ?? {} };
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function ReportTable({ report }: { report: ImportReport }) {
  const rows = [
    ...report.created.map((entry) => ({
      line: entry.line,
      what: entry.newProduct ? 'New product and variant' : 'New variant',
      detail: `${entry.productSku} / ${entry.variantSku}`,
    })),
    ...report.updated.map((entry) => ({
      line: entry.line,
      what: 'Update',
      detail: `${entry.sku}: ${entry.changes.map((change) => `${change.field} ${shown(change.before)} → ${shown(change.after)}`).join('; ')}`,
    })),
    ...report.rejected.map((entry) => ({ line: entry.line, what: 'Rejected', detail: entry.reason })),
  ].sort((a, b) => a.line - b.line);
  return (
    <>
      <p>
        {report.dryRun ? 'Would create' : 'Created'} <strong>{report.created.length}</strong>,{' '}
        {report.dryRun ? 'update' : 'updated'} <strong>{report.updated.length}</strong>, unchanged{' '}
        <strong>{report.unchanged}</strong>, rejected <strong>{report.rejected.length}</strong>.
      </p>
      {rows.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Change</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <td className="number">{row.line}</td>
                <td>{row.what}</td>
                <td>{row.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export default function ImportExport() {
  const canWrite = useCan()('catalogue:write');
  const fetcher = useFetcher<typeof clientAction>();
  const [body, setBody] = useState<unknown>(null);
  const [fileName, setFileName] = useState('');
  const [readError, setReadError] = useState('');
  const data = fetcher.data;
  const busy = fetcher.state !== 'idle';

  const choose = async (file: File | undefined) => {
    setReadError('');
    setBody(null);
    if (!file) return;
    setFileName(file.name);
    const text = await file.text();
    if (file.name.toLowerCase().endsWith('.json')) {
      try {
        setBody(JSON.parse(text));
      } catch {
        setReadError('This file is not readable JSON.');
      }
    } else {
      setBody({ csv: text });
    }
  };
  const send = (dryRun: boolean) =>
    fetcher.submit({ body, dryRun } as never, { method: 'post', encType: 'application/json' });

  return (
    <>
      <PageHeader
        title="Import and export"
        description="Merge a catalogue file by SKU, or download the catalogue in the same shape."
      />
      <CatalogueNav />
      <Panel title="Export">
        <p className="muted">One row per variant: product columns, options, prices per region and stock.</p>
        <div className="row">
          <a className="button" href={`${API_BASE}/catalogue/export?format=csv`} download>
            Download CSV
          </a>
          <a className="button" href={`${API_BASE}/catalogue/export?format=json`} download>
            Download JSON
          </a>
        </div>
      </Panel>
      {canWrite && (
        <Panel title="Import">
          <label className="field">
            <span className="field__label">Catalogue file (.csv or .json)</span>
            <input
              className="input"
              type="file"
              accept=".csv,.json,text/csv,application/json"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
          </label>
          {readError && <p className="field__error">{readError}</p>}
          <div className="row">
            <button type="button" className="button" disabled={body === null || busy} onClick={() => send(true)}>
              Check {fileName || 'the file'} (dry run)
            </button>
            {data?.ok && data.report.dryRun && data.report.rejected.length === 0 && (
              <button type="button" className="button button--primary" disabled={busy} onClick={() => send(false)}>
                Import these changes
              </button>
            )}
          </div>
          {data?.ok && <ReportTable report={data.report} />}
          {data && !data.ok && (
            <div role="alert">
              <p className="field__error">{data.message}</p>
              <ul>
                {Object.entries(data.fields).map(([field, message]) => (
                  <li key={field}>
                    {field.replace('line.', 'Line ')}: {message}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Panel>
      )}
    </>
  );
}
