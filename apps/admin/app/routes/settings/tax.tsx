import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useRevalidator } from 'react-router';
import type { z } from 'zod';
import { updateTaxSettingsBody, type TaxRateView, type TaxSettingsView, type UpdateTaxSettings } from '@piste/admin';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { CheckboxField, Form } from '~/components/form';
import { EmptyState, Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api, isApiError } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import type { Route } from './+types/tax';
import { useSettingsSave } from './settings-conflict';
import { regionLabel, useSettingsOverview } from './settings-data';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('settings:read', request.signal);
  const [{ rates }, { regions }] = await Promise.all([
    api.get<{ rates: TaxRateView[] }>('/settings/tax-rates', { signal: request.signal }),
    api.get<{ regions: TaxSettingsView[] }>('/settings/tax-settings', { signal: request.signal }),
  ]);
  return { rates, regions };
}

type TaxSettingsForm = z.input<typeof updateTaxSettingsBody>;

function PricesIncludeTax({ settings }: { settings: TaxSettingsView }) {
  const overview = useSettingsOverview();
  const can = useCan();
  const revalidator = useRevalidator();
  const form = useForm<TaxSettingsForm, unknown, UpdateTaxSettings>({
    resolver: zodResolver(updateTaxSettingsBody),
    defaultValues: settings,
  });
  const { save, notice } = useSettingsSave(form);
  return (
    <Form
      form={form}
      aria-label={`Tax settings of ${regionLabel(settings.regionId, overview)}`}
      onSubmit={async (values) => {
        const path = `/settings/tax-settings/${settings.regionId}`;
        if (await save(values, () => api.put(path, values), 'Tax settings saved')) await revalidator.revalidate();
      }}
    >
      {notice([{ key: 'pricesIncludeTax', label: 'Prices include tax' }])}
      <div className="row">
        <CheckboxField
          name="pricesIncludeTax"
          label={`${regionLabel(settings.regionId, overview)}: prices include tax`}
          disabled={!can('settings:write')}
        />
        {can('settings:write') && form.formState.isDirty && (
          <button className="button button--small" type="submit">
            Save
          </button>
        )}
      </div>
    </Form>
  );
}

/** Tax rates by country or state, and whether each region's prices include tax. */
export default function Tax({ loaderData }: Route.ComponentProps) {
  const can = useCan();
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<TaxRateView | null>(null);
  const [busy, setBusy] = useState(false);

  async function deleteRate(rate: TaxRateView) {
    setBusy(true);
    try {
      await api.delete(`/settings/tax-rates/${rate.key}?version=${encodeURIComponent(rate.version)}`);
      toast.success(`The rate of ${rate.key} is deleted`);
    } catch (error) {
      if (!isApiError(error)) throw error;
      toast.error(
        error.isConflict ? 'Someone changed this rate meanwhile: look at it again before deleting.' : error.message,
      );
    } finally {
      setBusy(false);
      setDeleting(null);
      await revalidator.revalidate();
    }
  }

  return (
    <div className="stack">
      <Panel title="Prices and tax">
        <p className="muted">
          Where prices include tax (the EU&rsquo;s VAT), orders show the tax contained in the total; elsewhere tax is
          added at checkout.
        </p>
        {loaderData.regions.map((settings) => (
          <PricesIncludeTax key={`${settings.regionId}-${settings.version}`} settings={settings} />
        ))}
      </Panel>
      <Panel
        title="Tax rates"
        actions={
          can('settings:write') && (
            <Link className="button button--primary" to="/settings/tax/rates/new">
              Add a rate
            </Link>
          )
        }
      >
        {loaderData.rates.length === 0 ? (
          <EmptyState title="No tax rates">
            Shoppers pay no tax until a rate applies to their country or state.
          </EmptyState>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Country</th>
                <th scope="col">State or province</th>
                <th scope="col">Name shown</th>
                <th scope="col" className="number">
                  Rate
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.rates.map((rate) => (
                <tr key={rate.key}>
                  <td>{rate.countryIso2}</td>
                  <td>{rate.stateIso2 || <span className="muted">whole country</span>}</td>
                  <td>{rate.name}</td>
                  <td className="number">{rate.ratePercent.toLocaleString('en', { maximumFractionDigits: 3 })} %</td>
                  <td>
                    {can('settings:write') && (
                      <div className="row">
                        <Link className="button button--small" to={`/settings/tax/rates/${rate.key}`}>
                          Edit
                        </Link>
                        <button
                          className="button button--small button--quiet"
                          type="button"
                          onClick={() => setDeleting(rate)}
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
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the tax rate of ${deleting?.key ?? ''}?`}
        confirmLabel="Delete rate"
        danger
        busy={busy}
        onConfirm={() => deleting && void deleteRate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        Shoppers there then pay no tax.
      </ConfirmDialog>
    </div>
  );
}
