import { Link, useSearchParams } from 'react-router';
import type { ContentTypeView, EntryList, EntryListItem } from '@piste/admin';
import type { Route } from './+types/content-type';
import { Badge } from '~/components/badge';
import { columnHelper, DataTable, FilterBar, FilterInput, FilterSelect, listQuery } from '~/components/data-table';
import { PageHeader } from '~/components/page-header';
import { api, queryString } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import { CONTENT_LOCALE_OPTIONS, localeOf } from './content-locales';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requirePermission('content:read', request.signal);
  const query = listQuery(request.url, ['q'], { pageSize: 50 });
  const locale = localeOf(request.url);
  const [type, entries] = await Promise.all([
    api.get<ContentTypeView>(`/content/types/${params.type}`, { signal: request.signal }),
    api.get<EntryList>(`/content/types/${params.type}/entries${queryString({ ...query, locale })}`, {
      signal: request.signal,
    }),
  ]);
  return { type, entries };
}

const column = columnHelper<EntryListItem & { type: string; locale: string }>();
const columns = [
  column.accessor('title', {
    header: 'Title',
    enableSorting: false,
    cell: (cell) => (
      <Link to={`/content/${cell.row.original.type}/${cell.row.original.uid}?locale=${cell.row.original.locale}`}>
        {cell.getValue() || cell.row.original.uid}
      </Link>
    ),
  }),
  column.accessor('uid', { header: 'Uid', enableSorting: false }),
  column.accessor('locales', {
    header: 'Published in',
    enableSorting: false,
    cell: (cell) => cell.getValue().join(', ') || '—',
  }),
  column.display({
    id: 'state',
    header: 'In this locale',
    cell: ({ row }) => {
      const entry = row.original;
      return (
        <span className="row">
          {entry.publishedVersion !== null ? (
            <Badge tone="success">v{entry.publishedVersion}</Badge>
          ) : entry.locales.includes('en-us') ? (
            <Badge tone="warning">en-us fallback</Badge>
          ) : (
            <Badge>not published</Badge>
          )}
          {entry.draft && <Badge tone="info">draft v{entry.draft.version}</Badge>}
        </span>
      );
    },
  }),
];

/** A content type's entries in one locale: search, locale picker, publish and draft state. */
export default function ContentTypeEntries({ loaderData }: Route.ComponentProps) {
  const { type, entries } = loaderData;
  const [search] = useSearchParams();
  const can = useCan();
  const locale = entries.locale;
  const rows = entries.items.map((item) => ({ ...item, type: type.uid, locale }));
  return (
    <>
      <PageHeader
        title={type.title}
        description={type.description}
        back={{ to: '/content', label: 'Content' }}
        actions={
          can('content:write') && !(type.singleton && entries.total > 0) ? (
            <Link
              className="button button--primary"
              to={`/content/${type.uid}/new?locale=${search.get('locale') ?? 'en-us'}`}
            >
              New entry
            </Link>
          ) : undefined
        }
      />
      <FilterBar>
        <FilterSelect
          name="locale"
          label="Locale"
          allLabel={CONTENT_LOCALE_OPTIONS[0]!.label}
          options={CONTENT_LOCALE_OPTIONS.slice(1)}
        />
        <FilterInput name="q" label="Search" placeholder="Title or uid" />
      </FilterBar>
      <DataTable
        caption={`${type.title} entries`}
        noun="entries"
        columns={columns}
        rows={rows}
        total={entries.total}
        getRowId={(row) => row.uid}
      />
    </>
  );
}
