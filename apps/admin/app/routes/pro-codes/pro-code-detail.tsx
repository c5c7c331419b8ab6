import { useState } from 'react';
import { Link, useFetcher, useRevalidator, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { ProCodeCustomers, ProCodeUpdateBody, ProCodeUpdated, ProCodeView } from '@piste/admin';
import type { Route } from './+types/pro-code-detail';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { attempt } from '~/components/form';
import { formatMoney } from '~/components/money';
import { PageHeader } from '~/components/page-header';
import { EmptyState, Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import { shortDate } from '../customers/customer-view';
import { ProCodeEditForm } from './pro-code-edit-form';
import { PRO_REGIONS, ProCodeStateBadge, regionLabel, usesText } from './pro-code-view';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requirePermission('pro-codes:read', request.signal);
  const path = `/pro-codes/${encodeURIComponent(params.code)}`;
  const [{ proCode }, { customers }] = await Promise.all([
    api.get<{ proCode: ProCodeView }>(path, { signal: request.signal }),
    api.get<ProCodeCustomers>(`${path}/customers`, { signal: request.signal }),
  ]);
  return { proCode, customers };
}

/** What the page's form and buttons send its action. */
export type ProCodeIntent = { intent: 'save'; changes: ProCodeUpdateBody } | { intent: 'expire'; version: number };

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const body = (await request.json()) as ProCodeIntent;
  const path = `/pro-codes/${encodeURIComponent(params.code)}`;
  if (body.intent === 'save') {
    const result = await attempt(() => api.patch<ProCodeUpdated>(path, body.changes));
    if (result.ok) {
      const moved = result.data.holdersMoved;
      toast.success(moved > 0 ? `Pro code saved; ${moved} customer(s) now pro until the new date` : 'Pro code saved');
    }
    return { intent: body.intent, ...result };
  }
  const result = await attempt(() => api.post<{ proCode: ProCodeView }>(`${path}/expire`, { version: body.version }));
  if (result.ok) toast.success('The code no longer accepts sign-ups');
  else toast.error(result.error.message);
  return { intent: body.intent, ...result };
}

/** A refused change leaves the page as it is: the form keeps the user's values beside the refusal. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && (actionResult as { ok?: boolean }).ok === false) return false;
  return defaultShouldRevalidate;
}

export default function ProCodeDetail({ loaderData }: Route.ComponentProps) {
  const { proCode, customers } = loaderData;
  const writable = useCan()('pro-codes:write');
  const revalidator = useRevalidator();
  const expirer = useFetcher<typeof clientAction>();
  const [confirming, setConfirming] = useState(false);
  const currency = PRO_REGIONS[proCode.region]?.currency ?? 'USD';

  return (
    <>
      <PageHeader
        title={proCode.code}
        description={
          <span className="row">
            <ProCodeStateBadge state={proCode.state} /> {regionLabel(proCode.region)} · {proCode.groupName ?? 'group'} ·
            used {usesText(proCode)}
          </span>
        }
        back={{ to: '/pro-codes', label: 'Pro codes' }}
        actions={
          writable &&
          proCode.state === 'accepted' && (
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
              Expire now…
            </button>
          )
        }
      />
      <div className="grid-2">
        <Panel title="Terms">
          <dl className="details">
            <dt>Spend limit</dt>
            <dd>{formatMoney(proCode.spendLimit * 100, currency)} a year</dd>
            <dt>Pro status ends</dt>
            <dd>{shortDate(proCode.proExpiresAt)}</dd>
            <dt>Sign-ups accepted until</dt>
            <dd>{proCode.validUntil ? shortDate(proCode.validUntil) : 'No end'}</dd>
            <dt>Uses</dt>
            <dd>{usesText(proCode)}</dd>
            <dt>Created</dt>
            <dd>{shortDate(proCode.createdAt)}</dd>
          </dl>
        </Panel>
        {writable && (
          <Panel title="Edit">
            <ProCodeEditForm
              key={proCode.version}
              proCode={proCode}
              onLoadTheirs={() => void revalidator.revalidate()}
            />
          </Panel>
        )}
      </div>
      <Panel title={`Customers who joined with it (${customers.length})`}>
        {customers.length === 0 ? (
          <EmptyState title="Nobody has used this code yet" />
        ) : (
          <div className="data-table__scroll">
            <table className="table">
              <caption className="visually-hidden">Customers holding {proCode.code}</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Company</th>
                  <th scope="col">Pro until</th>
                  <th scope="col">Customer since</th>
                </tr>
              </thead>
              <tbody>
                {customers.map((customer) => (
                  <tr key={customer.id}>
                    <td>
                      <Link to={`/customers/${customer.id}`}>
                        {customer.firstName} {customer.lastName}
                      </Link>
                    </td>
                    <td>{customer.email}</td>
                    <td>{customer.company || '—'}</td>
                    <td>{shortDate(customer.proExpiresAt)}</td>
                    <td>{shortDate(customer.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      <ConfirmDialog
        open={confirming}
        danger
        title={`Expire ${proCode.code} now?`}
        confirmLabel="Expire now"
        busy={expirer.state !== 'idle'}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          expirer.submit({ intent: 'expire', version: proCode.version } satisfies ProCodeIntent, {
            method: 'post',
            encType: 'application/json',
          });
          setConfirming(false);
        }}
      >
        <p>
          New sign-ups with this code are refused from now on. The {proCode.uses} customer(s) who joined stay pros until
          their own pro expiry.
        </p>
      </ConfirmDialog>
    </>
  );
}
