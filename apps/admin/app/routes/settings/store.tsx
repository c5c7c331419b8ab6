import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import {
  DIMENSION_UNITS,
  updateStoreSettingsBody,
  WEIGHT_UNITS,
  type StoreSettingsView,
  type UpdateStoreSettings,
} from '@piste/admin';
import { Form, FieldRow, SelectField, TextField } from '~/components/form';
import { Panel } from '~/components/states';
import { api } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import type { Route } from './+types/store';
import { useSettingsSave } from './settings-conflict';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('settings:read', request.signal);
  return api.get<StoreSettingsView>('/settings/store', { signal: request.signal });
}

type StoreForm = z.input<typeof updateStoreSettingsBody>;

const FIELDS = [
  { key: 'name', label: 'Shop name' },
  { key: 'domain', label: 'Domain' },
  { key: 'adminEmail', label: 'Notices go to' },
  { key: 'orderEmail', label: 'Order emails from' },
  { key: 'weightUnits', label: 'Weight units' },
  { key: 'dimensionUnits', label: 'Dimension units' },
  { key: 'timezone', label: 'Time zone' },
] as const;

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The shop's name, addresses, units and time zone (the `store_settings` row). */
export default function StoreSettings({ loaderData }: Route.ComponentProps) {
  const can = useCan();
  const revalidator = useRevalidator();
  const form = useForm<StoreForm, unknown, UpdateStoreSettings>({
    resolver: zodResolver(updateStoreSettingsBody),
    // The row holds one of the units the form offers (the API only writes those).
    defaultValues: loaderData as StoreForm,
  });
  const { save, notice } = useSettingsSave(form);
  const readOnly = !can('settings:write');

  return (
    <Panel title="Store">
      {notice([...FIELDS])}
      <Form
        form={form}
        onSubmit={async (values) => {
          if (await save(values, () => api.put<StoreSettingsView>('/settings/store', values), 'Store settings saved')) {
            form.reset((await api.get<StoreSettingsView>('/settings/store')) as StoreForm);
            await revalidator.revalidate();
          }
        }}
      >
        <FieldRow>
          <TextField name="name" label="Shop name" required disabled={readOnly} />
          <TextField
            name="domain"
            label="Domain"
            hint="Without https://, such as shop.example.com"
            required
            disabled={readOnly}
          />
        </FieldRow>
        <FieldRow>
          <TextField name="adminEmail" label="Notices go to" type="email" required disabled={readOnly} />
          <TextField name="orderEmail" label="Order emails come from" type="email" required disabled={readOnly} />
        </FieldRow>
        <FieldRow>
          <SelectField name="weightUnits" label="Weight units" options={options(WEIGHT_UNITS)} disabled={readOnly} />
          <SelectField
            name="dimensionUnits"
            label="Dimension units"
            options={options(DIMENSION_UNITS)}
            disabled={readOnly}
          />
          <TextField
            name="timezone"
            label="Time zone"
            hint="Such as Europe/Berlin or America/Denver"
            required
            disabled={readOnly}
          />
        </FieldRow>
        {!readOnly && (
          <div className="form-actions">
            <button className="button button--primary" type="submit" disabled={form.formState.isSubmitting}>
              Save store settings
            </button>
          </div>
        )}
      </Form>
    </Panel>
  );
}
