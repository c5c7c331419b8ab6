import { useState } from 'react';
import { useFetcher, useSearchParams } from 'react-router';
import type { Route } from './+types/customer-groups';
import { attempt } from '~/components/form';
import { PageHeader } from '~/components/page-header';
import { EmptyState, Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import { CatalogueNav } from './catalogue-nav';

type Rule =
  | { type: 'all'; percent: number }
  | { type: 'category'; categoryId: number; percent: number }
  | { type: 'product'; productId: number; percent: number };
interface CategoryNode {
  id: number;
  path: string;
  children: CategoryNode[];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('catalogue:read', request.signal);
  const [groups, tree] = await Promise.all([
    api.get<{ groups: { id: number; name: string; ruleCount: number }[] }>('/catalogue/customer-groups', {
      signal: request.signal,
    }),
    api.get<{ categories: CategoryNode[] }>('/categories', { signal: request.signal }),
  ]);
  const chosen = Number(new URL(request.url).searchParams.get('group') ?? groups.groups[0]?.id);
  const discounts = Number.isInteger(chosen)
    ? await api.get<{ group: { id: number; name: string }; rules: Rule[] }>(`/customer-groups/${chosen}/discounts`, {
        signal: request.signal,
      })
    : null;
  const flatten = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);
  return { groups: groups.groups, discounts, categories: flatten(tree.categories) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  await requirePermission('catalogue:write');
  const { groupId, rules } = (await request.json()) as { groupId: number; rules: Rule[] };
  const result = await attempt(() => api.put(`/customer-groups/${groupId}/discounts`, { rules }));
  if (result.ok) toast.success('Group prices saved.');
  return result.ok
    ? { ok: true as const }
    : { ok: false as const, fields: result.error.fields ?? {}, message: result.error.message };
}

interface DraftRule {
  type: Rule['type'];
  target: string;
  percent: string;
}

const draftOf = (rule: Rule): DraftRule => ({
  type: rule.type,
  target: rule.type === 'category' ? String(rule.categoryId) : rule.type === 'product' ? String(rule.productId) : '',
  percent: String(rule.percent),
});
const ruleOf = (draft: DraftRule): Rule => {
  const percent = Number(draft.percent);
  if (draft.type === 'category') return { type: 'category', categoryId: Number(draft.target), percent };
  if (draft.type === 'product') return { type: 'product', productId: Number(draft.target), percent };
  return { type: 'all', percent };
};

function RulesEditor({
  groupId,
  initial,
  categories,
  canWrite,
}: {
  groupId: number;
  initial: Rule[];
  categories: CategoryNode[];
  canWrite: boolean;
}) {
  const fetcher = useFetcher<typeof clientAction>();
  const [rules, setRules] = useState<DraftRule[]>(initial.map(draftOf));
  const fields = fetcher.data && !fetcher.data.ok ? fetcher.data.fields : {};
  const change = (index: number, patch: Partial<DraftRule>) =>
    setRules((current) => current.map((rule, position) => (position === index ? { ...rule, ...patch } : rule)));
  const errorOf = (index: number) =>
    Object.entries(fields)
      .filter(([field]) => field === `rules.${index}` || field.startsWith(`rules.${index}.`))
      .map(([, message]) => message)
      .join(' ');
  return (
    <>
      <p className="muted">
        Percent off the price for the group&apos;s customers. The most specific rule wins: a product&apos;s, then its
        category&apos;s, then the one for everything.
      </p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Applies to</th>
            <th scope="col">Which</th>
            <th scope="col">Percent off</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule, index) => (
            <tr key={index}>
              <td>
                <select
                  className="input input--compact"
                  aria-label={`Rule ${index + 1} applies to`}
                  value={rule.type}
                  disabled={!canWrite}
                  onChange={(event) => change(index, { type: event.target.value as Rule['type'], target: '' })}
                >
                  <option value="all">Everything</option>
                  <option value="category">A category</option>
                  <option value="product">A product (id)</option>
                </select>
              </td>
              <td>
                {rule.type === 'category' && (
                  <select
                    className="input input--compact"
                    aria-label={`Rule ${index + 1} category`}
                    value={rule.target}
                    disabled={!canWrite}
                    onChange={(event) => change(index, { target: event.target.value })}
                  >
                    <option value="">Choose…</option>
                    {categories.map((category) => (
                      <option key={category.id} value={String(category.id)}>
                        {category.path}
                      </option>
                    ))}
                  </select>
                )}
                {rule.type === 'product' && (
                  <input
                    className="input input--compact input--number"
                    type="number"
                    aria-label={`Rule ${index + 1} product id`}
                    value={rule.target}
                    disabled={!canWrite}
                    onChange={(event) => change(index, { target: event.target.value })}
                  />
                )}
                {errorOf(index) && <p className="field__error">{errorOf(index)}</p>}
              </td>
              <td>
                <input
                  className="input input--compact input--number"
                  type="number"
                  step="any"
                  min={0}
                  max={100}
                  aria-label={`Rule ${index + 1} percent off`}
                  value={rule.percent}
                  disabled={!canWrite}
                  onChange={(event) => change(index, { percent: event.target.value })}
                />
              </td>
              <td>
                {canWrite && (
                  <button
                    type="button"
                    className="button"
                    onClick={() => setRules((current) => current.filter((_, at) => at !== index))}
                  >
                    Remove
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {canWrite && (
        <div className="row">
          <button
            type="button"
            className="button"
            onClick={() => setRules((current) => [...current, { type: 'all', target: '', percent: '10' }])}
          >
            Add a rule
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={fetcher.state !== 'idle'}
            onClick={() =>
              fetcher.submit({ groupId, rules: rules.map(ruleOf) } as never, {
                method: 'post',
                encType: 'application/json',
              })
            }
          >
            Save group prices
          </button>
        </div>
      )}
      {fetcher.data && !fetcher.data.ok && Object.keys(fields).length === 0 && (
        <p className="field__error">{fetcher.data.message}</p>
      )}
    </>
  );
}

export default function CustomerGroups({ loaderData }: Route.ComponentProps) {
  const canWrite = useCan()('catalogue:write');
  const [search, setSearch] = useSearchParams();
  const { groups, discounts, categories } = loaderData;
  return (
    <>
      <PageHeader
        title="Customer-group prices"
        description="Discounts per customer group, as percent off everything, a category or a product."
      />
      <CatalogueNav />
      {groups.length === 0 ? (
        <EmptyState title="No customer groups" />
      ) : (
        <label className="field">
          <span className="field__label">Group</span>
          <select
            className="input"
            value={search.get('group') ?? String(discounts?.group.id ?? '')}
            onChange={(event) => setSearch({ group: event.target.value })}
          >
            {groups.map((group) => (
              <option key={group.id} value={String(group.id)}>
                {group.name} ({group.ruleCount} rule{group.ruleCount === 1 ? '' : 's'})
              </option>
            ))}
          </select>
        </label>
      )}
      {discounts && (
        <Panel title={discounts.group.name}>
          <RulesEditor
            key={discounts.group.id}
            groupId={discounts.group.id}
            initial={discounts.rules}
            categories={categories}
            canWrite={canWrite}
          />
        </Panel>
      )}
    </>
  );
}
