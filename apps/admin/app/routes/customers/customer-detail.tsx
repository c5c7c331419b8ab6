import { useState } from 'react';
import { Link, redirect, useFetcher, useRevalidator, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { CustomerDetail, CustomerErased, CustomerUpdateBody } from '@piste/admin';
import type { Route } from './+types/customer-detail';
import { Badge } from '~/components/badge';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { attempt } from '~/components/form';
import { formatMoney, Money } from '~/components/money';
import { PageHeader } from '~/components/page-header';
import { EmptyState, Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api, isApiError } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import { CustomerProfileForm } from './customer-profile-form';
import { ProStateBadge, shortDate } from './customer-view';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requirePermission('customers:read', request.signal);
  return api.get<CustomerDetail>(`/customers/${encodeURIComponent(params.customerId)}`, { signal: request.signal });
}

/** What the page's forms and buttons send its action. */
export type CustomerIntent =
  | { intent: 'save'; changes: CustomerUpdateBody }
  | { intent: 'password-reset' }
  | { intent: 'erase'; confirmEmail: string };

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const body = (await request.json()) as CustomerIntent;
  const path = `/customers/${encodeURIComponent(params.customerId)}`;
  if (body.intent === 'save') {
    const result = await attempt(() => api.patch<CustomerDetail>(path, body.changes));
    if (result.ok) toast.success('Customer saved');
    return { intent: body.intent, ...result };
  }
  if (body.intent === 'password-reset') {
    const result = await attempt(() => api.post<{ sentTo: string }>(`${path}/password-reset`));
    if (result.ok) toast.success(`Password reset email sent to ${result.data.sentTo}`);
    else toast.error(result.error.message);
    return { intent: body.intent, ...result };
  }
  const result = await attempt(() => api.post<CustomerErased>(`${path}/erase`, { confirmEmail: body.confirmEmail }));
  if (!result.ok) return { intent: body.intent, ...result };
  toast.success(`Customer erased; ${result.data.ordersKept} order(s) kept without personal details.`);
  return redirect('/customers');
}

/** A refused change leaves the page as it is: the form keeps the user's values beside the refusal. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && (actionResult as { ok?: boolean }).ok === false) return false;
  return defaultShouldRevalidate;
}

/** Downloads everything held about the customer as a JSON file (GDPR access). */
async function downloadExport(customerId: number) {
  try {
    const data = await api.post<unknown>(`/customers/${customerId}/export`);
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: `customer-${customerId}.json` });
    link.click();
    URL.revokeObjectURL(url);
  } catch (error) {
    toast.error(isApiError(error) ? error.message : 'The export could not be made. Try again.');
  }
}

function EraseDialog({ customer, onClose }: { customer: CustomerDetail['customer']; onClose: () => void }) {
  const eraser = useFetcher<typeof clientAction>();
  const [typed, setTyped] = useState('');
  const refusal = eraser.data && 'ok' in eraser.data && !eraser.data.ok ? eraser.data.error : null;
  const message = refusal?.fields?.confirmEmail ?? refusal?.message;
  return (
    <ConfirmDialog
      open
      danger
      title={`Erase ${customer.firstName} ${customer.lastName}?`}
      confirmLabel="Erase customer"
      busy={eraser.state !== 'idle'}
      onCancel={onClose}
      onConfirm={() =>
        eraser.submit({ intent: 'erase', confirmEmail: typed } satisfies CustomerIntent, {
          method: 'post',
          encType: 'application/json',
        })
      }
    >
      <p>
        The account, its addresses and newsletter subscriptions are deleted and the customer can no longer sign in.
        Orders are kept for the books, without name, address or email. This cannot be undone.
      </p>
      <div className={`field${message ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="erase-confirm-email">
          Type the customer’s email ({customer.email}) to confirm
        </label>
        <input
          id="erase-confirm-email"
          className="input"
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'erase-confirm-email-error' : undefined}
        />
        {message && (
          <p className="field__error" id="erase-confirm-email-error">
            {message}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}

function ProStatus({ customer }: { customer: CustomerDetail['customer'] }) {
  const { pro } = customer;
  const currency = pro.currencyCode;
  return (
    <dl className="details">
      <dt>Pricing group</dt>
      <dd>
        <span className="row">
          {customer.pricingGroup?.name ?? 'None'}
          {customer.isEmployee && <Badge tone="info">Employee</Badge>}
        </span>
      </dd>
      <dt>Pro status</dt>
      <dd>{pro.state === 'none' ? 'Not a pro' : <ProStateBadge state={pro.state} code={null} />}</dd>
      {pro.code && (
        <>
          <dt>Pro code</dt>
          <dd>
            <Link to={`/pro-codes/${encodeURIComponent(pro.code)}`}>
              <code>{pro.code}</code>
            </Link>
            {pro.region && <span className="muted"> · {pro.region}</span>}
          </dd>
          <dt>Pro until</dt>
          <dd>{shortDate(pro.expiresAt)}</dd>
        </>
      )}
      {pro.state !== 'none' && currency && (
        <>
          <dt>Spent this year</dt>
          <dd>
            {formatMoney(Math.round(pro.spent * 100), currency)} of {formatMoney(pro.spendLimit * 100, currency)}
            <span className="muted"> since {shortDate(pro.periodStart)}</span>
          </dd>
        </>
      )}
    </dl>
  );
}

export default function CustomerDetailPage({ loaderData }: Route.ComponentProps) {
  const { customer, addresses, orders, groups } = loaderData;
  const can = useCan();
  const writable = can('customers:write');
  const resetter = useFetcher<typeof clientAction>();
  const revalidator = useRevalidator();
  const [erasing, setErasing] = useState(false);

  return (
    <>
      <PageHeader
        title={`${customer.firstName} ${customer.lastName}`}
        description={
          <>
            {customer.email}
            {customer.company && <> · {customer.company}</>} · customer since {shortDate(customer.createdAt)}
          </>
        }
        back={{ to: '/customers', label: 'Customers' }}
        actions={
          <>
            {writable && (
              <button
                type="button"
                className="button"
                disabled={resetter.state !== 'idle'}
                onClick={() =>
                  resetter.submit({ intent: 'password-reset' } satisfies CustomerIntent, {
                    method: 'post',
                    encType: 'application/json',
                  })
                }
              >
                Send password reset
              </button>
            )}
            <button type="button" className="button" onClick={() => void downloadExport(customer.id)}>
              Export data (GDPR)
            </button>
            {writable && (
              <button type="button" className="button button--danger" onClick={() => setErasing(true)}>
                Erase…
              </button>
            )}
          </>
        }
      />
      <div className="grid-2">
        <Panel title="Profile">
          <CustomerProfileForm
            key={customer.version}
            customer={customer}
            groups={groups}
            readOnly={!writable}
            onLoadTheirs={() => void revalidator.revalidate()}
          />
        </Panel>
        <div className="stack">
          <Panel title="Group and pro status">
            <ProStatus customer={customer} />
          </Panel>
          <Panel title="Addresses">
            {addresses.length === 0 ? (
              <EmptyState title="No saved addresses" />
            ) : (
              <ul className="stack">
                {addresses.map((address) => (
                  <li key={address.id}>
                    <address>
                      {address.firstName} {address.lastName}
                      {address.company && <>, {address.company}</>}
                      <br />
                      {address.address1}
                      {address.address2 && <>, {address.address2}</>}
                      <br />
                      {address.postalCode} {address.city}
                      {address.stateOrProvince && <>, {address.stateOrProvince}</>} · {address.countryCode}
                      {address.phone && (
                        <>
                          <br />
                          {address.phone}
                        </>
                      )}
                    </address>
                    <span className="row">
                      {address.isDefault && <Badge tone="info">Default</Badge>}
                      {address.addressType === 'commercial' && <Badge>Commercial</Badge>}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      </div>
      <Panel title={`Orders (${orders.length})`}>
        {orders.length === 0 ? (
          <EmptyState title="No orders yet" />
        ) : (
          <div className="data-table__scroll">
            <table className="table">
              <caption className="visually-hidden">Orders of this customer</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Status</th>
                  <th scope="col">Region</th>
                  <th scope="col" className="number">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <Link to={`/orders/${order.id}`}>#{order.id}</Link>
                    </td>
                    <td>{shortDate(order.createdAt)}</td>
                    <td>
                      <Badge tone={order.status === 'cancelled' || order.status === 'refunded' ? 'warning' : 'neutral'}>
                        {order.status.replaceAll('_', ' ')}
                      </Badge>
                    </td>
                    <td>{order.region}</td>
                    <td className="number">
                      <Money amount={order.totalMinor} currency={order.currencyCode} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      {erasing && <EraseDialog customer={customer} onClose={() => setErasing(false)} />}
    </>
  );
}
