import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { CategoryNode } from '@piste/admin';
import type { Route } from './+types/categories';
import { attempt } from '~/components/form';
import { PageHeader } from '~/components/page-header';
import { Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import { CatalogueNav } from './catalogue-nav';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('catalogue:read', request.signal);
  return api.get<{ categories: CategoryNode[] }>('/categories', { signal: request.signal });
}

/** `create` (name, slug, parentId) or `update` (id and the fields that change). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  await requirePermission('catalogue:write');
  const { intent, id, ...body } = (await request.json()) as { intent: 'create' | 'update'; id?: number } & Record<
    string,
    unknown
  >;
  const result = await attempt(() =>
    intent === 'create' ? api.post('/categories', body) : api.patch(`/categories/${id}`, body),
  );
  if (result.ok) toast.success(intent === 'create' ? 'Category created.' : 'Category saved.');
  return result.ok
    ? { ok: true as const }
    : { ok: false as const, error: { message: result.error.message, fields: result.error.fields } };
}

function flatten(nodes: CategoryNode[], depth = 0): { node: CategoryNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flatten(node.children, depth + 1)]);
}

function Refusal({ data }: { data: Awaited<ReturnType<typeof clientAction>> | undefined }) {
  if (!data || data.ok) return null;
  const messages = Object.entries(data.error.fields ?? {});
  return (
    <p className="field__error" role="alert">
      {messages.length > 0 ? messages.map(([field, message]) => `${field}: ${message}`).join(' ') : data.error.message}
    </p>
  );
}

function CategoryRow({
  node,
  depth,
  all,
  canWrite,
}: {
  node: CategoryNode;
  depth: number;
  all: CategoryNode[];
  canWrite: boolean;
}) {
  const fetcher = useFetcher<typeof clientAction>();
  const [name, setName] = useState(node.name);
  const [parentId, setParentId] = useState(node.parentId === null ? '' : String(node.parentId));
  const update = (changes: Record<string, unknown>) =>
    fetcher.submit({ intent: 'update', id: node.id, ...changes }, { method: 'post', encType: 'application/json' });
  return (
    <tr>
      <td style={{ paddingLeft: `${depth * 1.5 + 0.5}rem` }}>
        {canWrite ? (
          <input
            className="input input--compact"
            aria-label={`Name of ${node.path}`}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        ) : (
          node.name
        )}
        <div className="muted">/{node.path}</div>
        <Refusal data={fetcher.data} />
      </td>
      <td className="number">{node.productCount}</td>
      <td>{node.isVisible ? 'Visible' : 'Hidden'}</td>
      <td>
        {canWrite && (
          <span className="row">
            <select
              className="input input--compact"
              aria-label={`Parent of ${node.path}`}
              value={parentId}
              onChange={(event) => setParentId(event.target.value)}
            >
              <option value="">(top level)</option>
              {all
                .filter((other) => other.id !== node.id && !other.path.startsWith(`${node.path}/`))
                .map((other) => (
                  <option key={other.id} value={String(other.id)}>
                    {other.path}
                  </option>
                ))}
            </select>
            <button
              type="button"
              className="button"
              disabled={fetcher.state !== 'idle'}
              onClick={() => update({ name, parentId: parentId === '' ? null : Number(parentId) })}
            >
              Save
            </button>
            <button
              type="button"
              className="button"
              disabled={fetcher.state !== 'idle'}
              onClick={() => update({ isVisible: !node.isVisible })}
            >
              {node.isVisible ? 'Hide' : 'Show'}
            </button>
          </span>
        )}
      </td>
    </tr>
  );
}

function NewCategory({ all }: { all: CategoryNode[] }) {
  const fetcher = useFetcher<typeof clientAction>();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [parentId, setParentId] = useState('');
  return (
    <Panel title="New category">
      <div className="row">
        <label className="field">
          <span className="field__label">Name</span>
          <input className="input" value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">Url name</span>
          <input
            className="input"
            value={slug}
            placeholder="lens-cases"
            onChange={(event) => setSlug(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">Under</span>
          <select className="input" value={parentId} onChange={(event) => setParentId(event.target.value)}>
            <option value="">(top level)</option>
            {all.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.path}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Refusal data={fetcher.data} />
      <button
        type="button"
        className="button button--primary"
        disabled={fetcher.state !== 'idle'}
        onClick={() =>
          fetcher.submit(
            { intent: 'create', name, slug, parentId: parentId === '' ? null : Number(parentId) },
            { method: 'post', encType: 'application/json' },
          )
        }
      >
        Create
      </button>
    </Panel>
  );
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  const canWrite = useCan()('catalogue:write');
  const rows = flatten(loaderData.categories);
  const all = rows.map((row) => row.node);
  return (
    <>
      <PageHeader
        title="Categories"
        description="The category tree: rename, move, hide. Moving a category moves its children with it."
      />
      <CatalogueNav />
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Products</th>
            <th scope="col">Shown</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ node, depth }) => (
            <CategoryRow
              key={`${node.id}-${node.path}-${node.name}`}
              node={node}
              depth={depth}
              all={all}
              canWrite={canWrite}
            />
          ))}
        </tbody>
      </table>
      {canWrite && <NewCategory all={all} />}
    </>
  );
}
