import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  createShippingZoneBody,
  updateShippingZoneBody,
  type CreateShippingZone,
  type ShippingZoneView,
  type UpdateShippingZone,
} from '@piste/admin';
import { CheckboxField, FieldRow, Form, SelectField, TextField, useFieldError } from '~/components/form';
import { Panel } from '~/components/states';
import { api } from '~/lib/api';
import { requirePermission } from '~/lib/session';
import type { Route } from './+types/zone-form';
import { useSettingsSave } from './settings-conflict';
import { regionLabel, useSettingsOverview } from './settings-data';
import styles from './settings.module.css';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requirePermission('settings:write', request.signal);
  if (!params.zoneId) return { zone: null };
  const { zones } = await api.get<{ zones: ShippingZoneView[] }>('/settings/shipping-zones', {
    signal: request.signal,
  });
  const zone = zones.find((candidate) => String(candidate.id) === params.zoneId);
  if (!zone) throw new Response(`No shipping zone ${params.zoneId}`, { status: 404 });
  return { zone };
}

/** One form for a new zone and an edited one: a new one names its region; an edit keeps it and carries the version. */
type ZoneForm = Omit<z.input<typeof createShippingZoneBody>, 'regionId'> & { regionId?: string; version?: string };

type ZoneInput = CreateShippingZone | UpdateShippingZone;

const TYPES = [
  { value: 'country', label: 'Whole countries' },
  { value: 'state', label: 'States or provinces (wins over the country’s zone)' },
];

/** The places a zone ships to, one row each: a country code, and a state code in a state zone. */
function Places() {
  const { control, watch } = useFormContext<ZoneForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'locations' });
  const byState = watch('type') === 'state';
  const listError = useFieldError('locations');
  return (
    <fieldset className="stack" id="field-locations">
      <legend className="field__label">Ships to</legend>
      {fields.map((field, index) => (
        <div key={field.id} className={styles.lineRow}>
          <TextField name={`locations.${index}.countryIso2`} label="Country code" maxLength={2} required />
          <TextField
            name={`locations.${index}.stateIso2`}
            label="State or province"
            hint={byState ? undefined : 'Only in a state zone'}
            maxLength={3}
            required={byState}
          />
          <span />
          <button
            className="button button--small button--quiet"
            type="button"
            onClick={() => remove(index)}
            disabled={fields.length === 1}
          >
            Remove
          </button>
        </div>
      ))}
      {listError && <p className="field__error">{listError}</p>}
      <div>
        <button
          className="button button--small"
          type="button"
          onClick={() => append({ countryIso2: '', stateIso2: null })}
        >
          Add a place
        </button>
      </div>
    </fieldset>
  );
}

/** Creates a zone in a region, or edits a zone's name, kind, places and whether it ships at all. */
export default function ZoneFormPage({ loaderData }: Route.ComponentProps) {
  const { zone } = loaderData;
  const overview = useSettingsOverview();
  const navigate = useNavigate();
  const form = useForm<ZoneForm, unknown, ZoneInput>({
    resolver: zodResolver<ZoneForm, unknown, ZoneInput>(zone ? updateShippingZoneBody : createShippingZoneBody),
    defaultValues: zone
      ? {
          name: zone.name,
          type: zone.type,
          enabled: zone.enabled,
          locations: zone.locations,
          version: zone.version,
        }
      : { regionId: 'us', name: '', type: 'country', enabled: true, locations: [{ countryIso2: '', stateIso2: null }] },
  });
  const { save, notice } = useSettingsSave(form);
  const places = (value: unknown) =>
    (value as ZoneForm['locations'])
      .map((place) => (place.stateIso2 ? `${place.countryIso2}-${place.stateIso2}` : place.countryIso2))
      .join(', ');

  return (
    <Panel title={zone ? `Zone: ${zone.name}` : 'New shipping zone'}>
      {notice(
        [
          { key: 'name', label: 'Name' },
          { key: 'type', label: 'Kind' },
          { key: 'enabled', label: 'Ships' },
          { key: 'locations', label: 'Ships to', format: places },
        ],
        (current) => ({ ...current, locations: (current as unknown as ShippingZoneView).locations }),
      )}
      <Form
        form={form}
        onSubmit={async (values) => {
          const saved = await save(
            values,
            () =>
              zone
                ? api.put(`/settings/shipping-zones/${zone.id}`, values)
                : api.post('/settings/shipping-zones', values),
            zone ? 'Zone saved' : 'Zone created',
          );
          if (saved) navigate('/settings/shipping');
        }}
      >
        <FieldRow>
          {zone ? (
            <div className="field">
              <span className="field__label">Prices of</span>
              <span>{regionLabel(zone.regionId, overview)}</span>
            </div>
          ) : (
            <SelectField
              name="regionId"
              label="Prices of"
              hint="The zone's amounts are in this region's currency"
              options={overview.regions.map((region) => ({
                value: region.id,
                label: regionLabel(region.id, overview),
              }))}
            />
          )}
          <TextField name="name" label="Name" required />
        </FieldRow>
        <FieldRow>
          <SelectField name="type" label="Ships to" options={TYPES} />
          <CheckboxField name="enabled" label="Ships (turn off to pause the zone)" />
        </FieldRow>
        <Places />
        <div className="form-actions">
          <button className="button button--primary" type="submit" disabled={form.formState.isSubmitting}>
            {zone ? 'Save zone' : 'Create zone'}
          </button>
        </div>
      </Form>
    </Panel>
  );
}
