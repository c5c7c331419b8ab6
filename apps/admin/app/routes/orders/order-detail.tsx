import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { OrderDetail } from '@piste/admin';
import type { Route } from './+types/order-detail';
import { Badge } from '~/components/badge';
import { Money } from '~/components/money';
import { PageHeader } from '~/components/page-header';
import { EmptyState, Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import { CancelDialog, NoteForm, RefundDialog, ShipDialog } from './order-actions';
import { formatWhen, ORDER_STATUS_LABELS } from './order-format';
import styles from './orders.module.css';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requirePermission('orders:read', request.signal);
  const id = Number(params.orderId);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new Response('No such order', { status: 404 });
  return api.get<OrderDetail>(`/orders/${id}`, { signal: request.signal });
}

type Dialog = 'ship' | 'refund' | 'cancel' | null;

export default function OrderDetailPage({ loaderData: detail }: Route.ComponentProps) {
  const can = useCan();
  const revalidator = useRevalidator();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { order } = detail;
  const currency = order.currencyCode;
  const status = ORDER_STATUS_LABELS[order.status];
  const writable = can('orders:write');
  const done = (message: string) => {
    setDialog(null);
    toast.success(message);
    void revalidator.revalidate();
  };
  const lineName = (id: number) => detail.lines.find((line) => line.id === id)?.name ?? `Line ${id}`;

  return (
    <>
      <PageHeader
        title={`Order ${order.id}`}
        back={{ to: '/orders', label: 'Orders' }}
        description={
          <>
            <Badge tone={status.tone}>{status.label}</Badge> Placed {formatWhen(order.createdAt)} in {order.region} ·{' '}
            {order.locale}
          </>
        }
        actions={
          writable && (
            <>
              {detail.can.cancel && (
                <button type="button" className="button button--danger" onClick={() => setDialog('cancel')}>
                  Cancel order
                </button>
              )}
              {detail.can.refund && (
                <button type="button" className="button" onClick={() => setDialog('refund')}>
                  Refund
                </button>
              )}
              {detail.can.ship && (
                <button type="button" className="button button--primary" onClick={() => setDialog('ship')}>
                  Ship
                </button>
              )}
            </>
          )
        }
      />

      <div className={styles.summary}>
        <div className="stack">
          <Panel title="Items">
            <table className="table">
              <caption className="visually-hidden">Items ordered</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col" className="number">
                    Price
                  </th>
                  <th scope="col" className="number">
                    Qty
                  </th>
                  <th scope="col" className="number">
                    Shipped
                  </th>
                  <th scope="col" className="number">
                    Refunded
                  </th>
                  <th scope="col" className="number">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {detail.lines.map((line) => (
                  <tr key={line.id}>
                    <td>
                      <Link to={`/catalogue/products/${line.productId}`}>{line.name}</Link>
                      <div className="muted">
                        {line.sku}
                        {line.options.map((option) => ` · ${option.name}: ${option.value}`).join('')}
                      </div>
                    </td>
                    <td className="number">
                      <Money amount={line.salePriceMinor} currency={currency} />
                      {line.salePriceMinor !== line.listPriceMinor && (
                        <div className="muted">
                          <s>
                            <Money amount={line.listPriceMinor} currency={currency} />
                          </s>
                        </div>
                      )}
                    </td>
                    <td className="number">{line.quantity}</td>
                    <td className="number">{line.shipped}</td>
                    <td className="number">{line.refunded}</td>
                    <td className="number">
                      <Money amount={line.totalMinor} currency={currency} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="details">
              <dt>Subtotal</dt>
              <dd>
                <Money amount={order.subtotalMinor} currency={currency} />
              </dd>
              {order.discountMinor > 0 && (
                <>
                  <dt>Discount</dt>
                  <dd>
                    −<Money amount={order.discountMinor} currency={currency} />
                  </dd>
                </>
              )}
              <dt>Shipping ({order.shippingMethod})</dt>
              <dd>
                <Money amount={order.shippingMinor} currency={currency} />
              </dd>
              <dt>
                Tax {(Number(order.taxRate) * 100).toFixed(2).replace(/\.?0+$/, '')} %{' '}
                {order.taxIncluded ? '(included)' : '(added)'}
              </dt>
              <dd>
                <Money amount={order.taxMinor} currency={currency} />
              </dd>
              <dt>
                <strong>Total</strong>
              </dt>
              <dd>
                <strong>
                  <Money amount={order.totalMinor} currency={currency} />
                </strong>
              </dd>
              <dt>Refunded</dt>
              <dd>
                <Money amount={detail.refundedMinor} currency={currency} /> ·{' '}
                <Money amount={detail.refundableMinor} currency={currency} /> left to refund
              </dd>
            </dl>
          </Panel>

          <Panel title="Shipments">
            {detail.shipments.length === 0 ? (
              <EmptyState title="Not shipped yet" />
            ) : (
              <ul className={styles.timeline}>
                {detail.shipments.map((shipment) => (
                  <li key={shipment.id}>
                    <strong>{shipment.carrier}</strong> {shipment.trackingNumber}{' '}
                    <span className="muted">· {formatWhen(shipment.shippedAt)}</span>
                    <div className="muted">
                      {shipment.items.map((item) => `${item.quantity} × ${lineName(item.orderLineId)}`).join(', ')}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Panel>

          <Panel title="Refunds">
            {detail.refunds.length === 0 ? (
              <EmptyState title="Nothing refunded" />
            ) : (
              <ul className={styles.timeline}>
                {detail.refunds.map((refund) => (
                  <li key={refund.id}>
                    <strong>
                      <Money amount={refund.amountMinor} currency={currency} />
                    </strong>{' '}
                    {refund.reason}
                    <div className="muted">
                      {refund.lines.map((line) => `${line.quantity} × ${lineName(line.orderLineId)}`).join(', ')}
                      {refund.lines.length > 0 && ' · '}
                      {refund.actor} · {formatWhen(refund.createdAt)} · {refund.refundId}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Panel>

          <Panel title="Notes">
            <div className="stack">
              {detail.notes.length === 0 && <p className="muted">No notes yet.</p>}
              {detail.notes.map((note) => (
                <div key={note.id}>
                  <p className={styles.note}>{note.body}</p>
                  <span className="muted">
                    {note.actor} · {formatWhen(note.createdAt)}
                  </span>
                </div>
              ))}
              {writable && <NoteForm orderId={order.id} onDone={done} />}
            </div>
          </Panel>
        </div>

        <div className="stack">
          <Panel title="Customer">
            {detail.customer ? (
              <dl className="details">
                <dt>Name</dt>
                <dd>
                  <Link to={`/customers/${detail.customer.id}`}>{detail.customer.name}</Link>
                </dd>
                <dt>Email</dt>
                <dd>{detail.customer.email}</dd>
                <dt>Group</dt>
                <dd>{detail.customer.group?.name ?? 'Default'}</dd>
              </dl>
            ) : (
              <p>
                Guest · <a href={`mailto:${order.email}`}>{order.email}</a>
              </p>
            )}
          </Panel>
          <Panel title="Shipping address">
            <Address address={detail.shippingAddress} />
          </Panel>
          <Panel title="Billing address">
            <Address address={detail.billingAddress} />
          </Panel>
          <Panel title="Payment">
            <dl className="details">
              <dt>Card</dt>
              <dd>
                {detail.payment.brand} •••• {detail.payment.last4}
              </dd>
              <dt>Provider</dt>
              <dd>
                {detail.payment.provider} · {detail.payment.state ?? 'no record'}
              </dd>
              <dt>Transaction</dt>
              <dd className="muted">{detail.payment.transactionId}</dd>
            </dl>
          </Panel>
          <Panel title="History">
            <ol className={styles.timeline}>
              {detail.history.map((entry, index) => (
                <li key={index}>
                  <strong>{entry.event}</strong> <span className="muted">{formatWhen(entry.at)}</span>
                  <div className="muted">
                    {entry.detail}
                    {entry.actor && ` · ${entry.actor}`}
                  </div>
                </li>
              ))}
            </ol>
          </Panel>
        </div>
      </div>

      {writable && (
        <>
          <ShipDialog
            key={`ship-${detail.shipments.length}`}
            order={detail}
            open={dialog === 'ship'}
            onClose={() => setDialog(null)}
            onDone={done}
          />
          <RefundDialog
            key={`refund-${detail.refunds.length}`}
            order={detail}
            open={dialog === 'refund'}
            onClose={() => setDialog(null)}
            onDone={done}
          />
          <CancelDialog order={detail} open={dialog === 'cancel'} onClose={() => setDialog(null)} onDone={done} />
        </>
      )}
    </>
  );
}

function Address({ address }: { address: OrderDetail['shippingAddress'] }) {
  const lines = [
    `${address.first_name} ${address.last_name}`.trim(),
    address.company,
    address.street_1,
    address.street_2,
    [address.zip, address.city, address.state].filter(Boolean).join(' '),
    address.country_iso2,
    address.phone,
  ].filter(Boolean);
  return <address className={styles.address}>{lines.join('\n')}</address>;
}
