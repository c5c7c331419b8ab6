import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { ShippingMethodView, ShippingZoneView } from '@piste/admin';
import { Badge } from '~/components/badge';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { formatMoney } from '~/components/money';
import { EmptyState, Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api, isApiError } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import type { Route } from './+types/shipping';
import { regionLabel, useSettingsOverview } from './settings-data';
import styles from './settings.module.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('settings:read', request.signal);
  return api.get<{ zones: ShippingZoneView[] }>('/settings/shipping-zones', { signal: request.signal });
}

const METHOD_KINDS = { freeshipping: 'Free shipping', flatrate: 'Flat rate', total: 'By order total' } as const;

/** What a method costs, in words: "Free from USD 100.00", "USD 8.95", "3 ranges, USD 14.95–24.95". */
function methodCost(method: ShippingMethodView, currency: string): string {
  const money = (minor: number) => formatMoney(minor, currency);
  const fee = method.handlingFeeMinor > 0 ? ` + ${money(method.handlingFeeMinor)} handling` : '';
  switch (method.type) {
    case 'freeshipping':
      return `Free from ${money(method.minimumSubtotalMinor ?? 0)}`;
    case 'flatrate':
      return `${money(method.rateMinor ?? 0)}${fee}`;
    case 'total': {
      const costs = (method.ranges ?? []).map((range) => range.costMinor);
      const span = costs.length > 0 ? `${money(Math.min(...costs))}–${money(Math.max(...costs))}` : '';
      return `${costs.length} ranges, ${span}${fee}`;
    }
  }
}

type Deleting = { kind: 'zone'; zone: ShippingZoneView } | { kind: 'method'; method: ShippingMethodView };

function ZonePanel({ zone, onDelete }: { zone: ShippingZoneView; onDelete: (what: Deleting) => void }) {
  const can = useCan();
  const writable = can('settings:write');
  return (
    <Panel
      title={zone.name}
      actions={
        <div className="row">
          {!zone.enabled && <Badge tone="warning">Off</Badge>}
          {writable && (
            <>
              <Link className="button button--small" to={`/settings/shipping/zones/${zone.id}`}>
                Edit zone
              </Link>
              <Link className="button button--small" to={`/settings/shipping/zones/${zone.id}/methods/new`}>
                Add method
              </Link>
              <button
                className="button button--small button--quiet"
                type="button"
                onClick={() => onDelete({ kind: 'zone', zone })}
              >
                Delete zone
              </button>
            </>
          )}
        </div>
      }
    >
      <p className={styles.places}>
        <span className="muted">{zone.type === 'state' ? 'States:' : 'Countries:'}</span>
        {zone.locations.map((place) => (
          <Badge key={`${place.countryIso2}-${place.stateIso2 ?? ''}`} tone="info">
            {place.stateIso2 ? `${place.countryIso2}-${place.stateIso2}` : place.countryIso2}
          </Badge>
        ))}
      </p>
      {zone.methods.length === 0 ? (
        <p className="muted">No methods: shoppers here cannot choose shipping yet.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Method</th>
              <th scope="col">Kind</th>
              <th scope="col">Cost ({zone.currencyCode})</th>
              <th scope="col">Shown</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {zone.methods.map((method) => (
              <tr key={method.id}>
                <td>{method.name}</td>
                <td>{METHOD_KINDS[method.type]}</td>
                <td className="money">{methodCost(method, zone.currencyCode)}</td>
                <td>{method.enabled ? <Badge tone="success">On</Badge> : <Badge tone="warning">Off</Badge>}</td>
                <td>
                  {writable && (
                    <div className="row">
                      <Link className="button button--small" to={`/settings/shipping/methods/${method.id}`}>
                        Edit
                      </Link>
                      <button
                        className="button button--small button--quiet"
                        type="button"
                        onClick={() => onDelete({ kind: 'method', method })}
                      >
                        Delete
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

/** The zones of each price-list region, with the places they ship to and their methods. */
export default function Shipping({ loaderData }: Route.ComponentProps) {
  const overview = useSettingsOverview();
  const can = useCan();
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmDelete(what: Deleting) {
    setBusy(true);
    const { path, version } =
      what.kind === 'zone'
        ? { path: `/settings/shipping-zones/${what.zone.id}`, version: what.zone.version }
        : { path: `/settings/shipping-methods/${what.method.id}`, version: what.method.version };
    try {
      await api.delete(`${path}?version=${encodeURIComponent(version)}`);
      toast.success(what.kind === 'zone' ? `${what.zone.name} is deleted` : `${what.method.name} is deleted`);
    } catch (error) {
      if (!isApiError(error)) throw error;
      toast.error(error.isConflict ? 'Someone changed it meanwhile: look at it again before deleting.' : error.message);
    } finally {
      setBusy(false);
      setDeleting(null);
      await revalidator.revalidate();
    }
  }

  return (
    <div className="stack">
      <div className="row">
        <p className="muted">
          Amounts are in each region&rsquo;s currency. A state zone wins over its country&rsquo;s zone; pro regions ship
          under their home region&rsquo;s zones.
        </p>
        {can('settings:write') && (
          <Link className="button button--primary" to="/settings/shipping/zones/new">
            New zone
          </Link>
        )}
      </div>
      {overview.regions.map((region) => {
        const zones = loaderData.zones.filter((zone) => zone.regionId === region.id);
        return (
          <section key={region.id} className="stack" aria-label={regionLabel(region.id, overview)}>
            <h2>{regionLabel(region.id, overview)}</h2>
            {zones.length === 0 ? (
              <EmptyState title="No zones">Nothing ships from this region&rsquo;s prices yet.</EmptyState>
            ) : (
              zones.map((zone) => <ZonePanel key={zone.id} zone={zone} onDelete={setDeleting} />)
            )}
          </section>
        );
      })}
      <ConfirmDialog
        open={deleting !== null}
        title={
          deleting?.kind === 'zone'
            ? `Delete the zone ${deleting.zone.name} and its methods?`
            : `Delete the method ${deleting?.method.name ?? ''}?`
        }
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      >
        Shoppers can no longer choose it. Orders already placed keep the method they were shipped with.
      </ConfirmDialog>
    </div>
  );
}
