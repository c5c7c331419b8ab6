import { Fragment, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuditEntryData, StaffViewData } from '@piste/admin';
import type { Route } from './+types/audit-index';
import { FilterBar, FilterInput, FilterSelect } from '~/components/data-table';
import { PageHeader } from '~/components/page-header';
import { EmptyState, Panel } from '~/components/states';
import { api, queryString } from '~/lib/api';
import { requirePermission, staffMay } from '~/lib/session';
import { AuditDiff, formatAction, formatAuditTime } from './audit-format';

const FILTERS = ['staffId', 'action', 'entityType', 'entityId', 'from', 'to', 'before'] as const;
const PAGE_SIZE = 50;

/** A date filter is a whole UTC day: `from` its first instant, `to` its last. */
function dayBound(day: string | null, end: boolean): string | undefined {
  if (!day) return undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : day;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const staff = await requirePermission('audit:read', request.signal);
  const search = new URL(request.url).searchParams;
  const query: Record<string, string | number | undefined> = { limit: PAGE_SIZE };
  for (const name of FILTERS) query[name] = search.get(name) ?? undefined;
  query.from = dayBound(search.get('from'), false);
  query.to = dayBound(search.get('to'), true);
  // Only owners may list staff: the others filter by the id shown beside a name.
  const [page, members] = await Promise.all([
    api.get<{ entries: AuditEntryData[]; nextBefore: number | null }>(`/audit${queryString(query)}`, {
      signal: request.signal,
    }),
    staffMay(staff, 'staff:manage')
      ? api.get<{ staff: StaffViewData[] }>('/staff', { signal: request.signal }).then((answer) => answer.staff)
      : null,
  ]);
  return { ...page, members };
}

export default function AuditIndex({ loaderData }: Route.ComponentProps) {
  const { entries, nextBefore, members } = loaderData;
  const [search] = useSearchParams();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const pageLink = (before: number | null) => {
    const params = new URLSearchParams(search);
    if (before === null) params.delete('before');
    else params.set('before', String(before));
    return `?${params.toString()}`;
  };

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made in the back office: who, when, what, before → after."
      />
      <FilterBar label="Filter the audit log">
        {members ? (
          <FilterSelect
            name="staffId"
            label="Staff member"
            allLabel="Everyone"
            options={members.map((member) => ({ value: String(member.id), label: `${member.name} (${member.email})` }))}
          />
        ) : (
          <FilterInput name="staffId" label="Staff id" type="number" />
        )}
        <FilterInput name="action" label="Action" type="text" placeholder="staff.update" />
        <FilterInput name="entityType" label="Entity type" type="text" placeholder="product" />
        <FilterInput name="entityId" label="Entity id" type="text" />
        <FilterInput name="from" label="From" type="date" />
        <FilterInput name="to" label="To" type="date" />
      </FilterBar>

      <Panel>
        {entries.length === 0 ? (
          <EmptyState title="No entries">Nothing was changed that matches these filters.</EmptyState>
        ) : (
          <div className="data-table__scroll">
            <table className="table">
              <caption className="visually-hidden">Audit log entries, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">Record</th>
                  <th scope="col">
                    <span className="visually-hidden">Change</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <Fragment key={entry.id}>
                    <tr>
                      <td className="number">{formatAuditTime(entry.at)}</td>
                      <td>
                        {entry.staffId === null ? (
                          entry.actor
                        ) : (
                          <Link to={`?staffId=${entry.staffId}`} title="Show only this staff member’s changes">
                            {entry.actor}
                          </Link>
                        )}
                      </td>
                      <td>{formatAction(entry.action)}</td>
                      <td>
                        <Link
                          to={`?${new URLSearchParams({ entityType: entry.entityType, entityId: entry.entityId })}`}
                          title="Show this record’s history"
                        >
                          {entry.entityType} #{entry.entityId}
                        </Link>
                      </td>
                      <td>
                        <button
                          type="button"
                          className="button button--quiet button--small"
                          aria-expanded={open.has(entry.id)}
                          aria-controls={`audit-change-${entry.id}`}
                          onClick={() => toggle(entry.id)}
                        >
                          {open.has(entry.id) ? 'Hide change' : 'Show change'}
                        </button>
                      </td>
                    </tr>
                    {open.has(entry.id) && (
                      <tr id={`audit-change-${entry.id}`}>
                        <td colSpan={5}>
                          <AuditDiff entry={entry} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav className="row" aria-label="Audit log pages">
          {search.get('before') && (
            <Link className="button button--quiet" to={pageLink(null)}>
              ← Newest
            </Link>
          )}
          {nextBefore !== null && (
            <Link className="button" to={pageLink(nextBefore)}>
              Older entries →
            </Link>
          )}
        </nav>
      </Panel>
    </>
  );
}
