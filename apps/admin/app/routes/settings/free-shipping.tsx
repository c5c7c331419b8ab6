import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm, useFormContext } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import { updateFreeShippingBody, type FreeShippingView, type UpdateFreeShipping } from '@piste/admin';
import { CheckboxField, Form, useFieldError } from '~/components/form';
import { Panel } from '~/components/states';
import { api } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import type { Route } from './+types/free-shipping';
import { useSettingsSave } from './settings-conflict';
import { regionLabel, useSettingsOverview } from './settings-data';
import styles from './settings.module.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('settings:read', request.signal);
  return api.get<{ regions: FreeShippingView[] }>('/settings/free-shipping', { signal: request.signal });
}

type FreeShippingForm = z.input<typeof updateFreeShippingBody>;

/** The customer groups as checkboxes, kept in the form as a list of group ids. */
function GroupChoice({ disabled }: { disabled: boolean }) {
  const { control } = useFormContext<FreeShippingForm>();
  const { field } = useController({ name: 'hideFreeShippingGroups', control });
  const error = useFieldError('hideFreeShippingGroups');
  const { groups } = useSettingsOverview();
  const chosen = new Set(field.value);
  return (
    <fieldset
      className={styles.groups}
      id="field-hideFreeShippingGroups"
      aria-describedby={error ? 'groups-error' : undefined}
    >
      <legend className="field__label">Hide free shipping from</legend>
      {groups.map((group) => (
        <label key={group.id} className="field__check">
          <input
            className="checkbox"
            type="checkbox"
            disabled={disabled}
            checked={chosen.has(group.id)}
            onChange={(event) =>
              field.onChange(
                event.target.checked ? [...chosen, group.id] : field.value.filter((id: number) => id !== group.id),
              )
            }
          />
          <span>{group.name}</span>
        </label>
      ))}
      {error && (
        <p className="field__error" id="groups-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function RegionForm({ settings }: { settings: FreeShippingView }) {
  const overview = useSettingsOverview();
  const can = useCan();
  const revalidator = useRevalidator();
  const form = useForm<FreeShippingForm, unknown, UpdateFreeShipping>({
    resolver: zodResolver(updateFreeShippingBody),
    defaultValues: settings,
  });
  const { save, notice } = useSettingsSave(form);
  const groupNames = (ids: number[]) =>
    ids.map((id) => overview.groups.find((group) => group.id === id)?.name ?? `#${id}`).join(', ') || 'none';
  const readOnly = !can('settings:write');

  return (
    <Panel title={regionLabel(settings.regionId, overview)}>
      {notice([
        { key: 'isEnabled', label: 'Settings apply' },
        { key: 'hideFreeShippingGroups', label: 'Hidden from', format: (ids) => groupNames(ids as number[]) },
      ])}
      <Form
        form={form}
        onSubmit={async (values) => {
          const path = `/settings/free-shipping/${settings.regionId}`;
          const saved = await save(values, () => api.put(path, values), 'Free shipping saved');
          if (saved) {
            const { regions } = await api.get<{ regions: FreeShippingView[] }>('/settings/free-shipping');
            const fresh = regions.find((region) => region.regionId === settings.regionId);
            if (fresh) form.reset(fresh);
            await revalidator.revalidate();
          }
        }}
      >
        <CheckboxField
          name="isEnabled"
          label="Apply these shipping settings"
          hint="When off, every group sees free shipping."
          disabled={readOnly}
        />
        <GroupChoice disabled={readOnly} />
        {!readOnly && (
          <div className="form-actions">
            <button className="button button--primary" type="submit" disabled={form.formState.isSubmitting}>
              Save
            </button>
          </div>
        )}
      </Form>
    </Panel>
  );
}

/** Spec §5: per region, the customer groups that never see free shipping (pros, for instance). */
export default function FreeShipping({ loaderData }: Route.ComponentProps) {
  return (
    <div className="stack">
      <p className="muted">
        Shoppers in a hidden group see the other shipping methods only, and no &ldquo;free shipping from&rdquo; progress
        in their cart.
      </p>
      {loaderData.regions.map((settings) => (
        <RegionForm key={`${settings.regionId}-${settings.version}`} settings={settings} />
      ))}
    </div>
  );
}
