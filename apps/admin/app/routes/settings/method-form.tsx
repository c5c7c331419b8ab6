import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, useFormContext, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  createShippingMethodBody,
  updateShippingMethodBody,
  type ShippingMethodInput,
  type ShippingMethodView,
  type ShippingZoneView,
  type UpdateShippingMethod,
} from '@piste/admin';
import { formatMoney } from '~/components/money';
import { CheckboxField, FieldRow, Form, MoneyField, SelectField, TextField, useFieldError } from '~/components/form';
import { Panel } from '~/components/states';
import { api } from '~/lib/api';
import { requirePermission } from '~/lib/session';
import type { Route } from './+types/method-form';
import { useSettingsSave } from './settings-conflict';
import styles from './settings.module.css';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requirePermission('settings:write', request.signal);
  const { zones } = await api.get<{ zones: ShippingZoneView[] }>('/settings/shipping-zones', {
    signal: request.signal,
  });
  if (params.methodId) {
    const zone = zones.find((candidate) => candidate.methods.some((method) => String(method.id) === params.methodId));
    const method = zone?.methods.find((candidate) => String(candidate.id) === params.methodId);
    if (!zone || !method) throw new Response(`No shipping method ${params.methodId}`, { status: 404 });
    return { zone, method };
  }
  const zone = zones.find((candidate) => String(candidate.id) === params.zoneId);
  if (!zone) throw new Response(`No shipping zone ${params.zoneId}`, { status: 404 });
  return { zone, method: null };
}

/**
 * Every kind's fields at once, so switching the kind keeps what was typed; the schema keeps
 * only the chosen kind's.
 */
interface MethodForm {
  type: ShippingMethodInput['type'];
  name: string;
  enabled: boolean;
  minimumSubtotalMinor: number | null;
  rateMinor: number | null;
  handlingFeeMinor: number | null;
  ranges: { lowerMinor: number | null; upperMinor: number | null; costMinor: number | null }[];
  version?: string;
}

const KINDS = [
  { value: 'flatrate', label: 'Flat rate' },
  { value: 'total', label: 'By order total (ranges)' },
  { value: 'freeshipping', label: 'Free shipping from a minimum order' },
];

function formOf(method: ShippingMethodView | null): MethodForm {
  return {
    type: method?.type ?? 'flatrate',
    name: method?.name ?? '',
    enabled: method?.enabled ?? true,
    minimumSubtotalMinor: method?.minimumSubtotalMinor ?? null,
    rateMinor: method?.rateMinor ?? null,
    handlingFeeMinor: method?.handlingFeeMinor ?? 0,
    ranges: method?.ranges ?? [{ lowerMinor: 0, upperMinor: null, costMinor: null }],
    ...(method ? { version: method.version } : {}),
  };
}

/** The ranges of a 'total' method: from (inclusive), below (exclusive; empty on the last) and cost. */
function Ranges({ currency }: { currency: string }) {
  const { control } = useFormContext<MethodForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'ranges' });
  const listError = useFieldError('ranges');
  return (
    <fieldset className="stack" id="field-ranges">
      <legend className="field__label">Cost by order subtotal</legend>
      {fields.map((field, index) => (
        <div key={field.id} className={styles.lineRow}>
          <MoneyField name={`ranges.${index}.lowerMinor`} label="From" currency={currency} required />
          <MoneyField
            name={`ranges.${index}.upperMinor`}
            label="Below"
            hint={index === fields.length - 1 ? 'Empty: no upper limit' : undefined}
            currency={currency}
          />
          <MoneyField name={`ranges.${index}.costMinor`} label="Costs" currency={currency} required />
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
          onClick={() => append({ lowerMinor: null, upperMinor: null, costMinor: null })}
        >
          Add a range
        </button>
      </div>
    </fieldset>
  );
}

function KindFields({ currency }: { currency: string }) {
  const { watch } = useFormContext<MethodForm>();
  switch (watch('type')) {
    case 'freeshipping':
      return (
        <MoneyField
          name="minimumSubtotalMinor"
          label="Free from an order subtotal of"
          hint="After discounts; 0 ships everything free"
          currency={currency}
          required
        />
      );
    case 'flatrate':
      return (
        <FieldRow>
          <MoneyField name="rateMinor" label="Rate" currency={currency} required />
          <MoneyField name="handlingFeeMinor" label="Handling fee" hint="Added to the rate" currency={currency} />
        </FieldRow>
      );
    case 'total':
      return (
        <>
          <Ranges currency={currency} />
          <MoneyField
            name="handlingFeeMinor"
            label="Handling fee"
            hint="Added to the range's cost"
            currency={currency}
          />
        </>
      );
  }
}

/** Adds a method to a zone or edits one: its kind, name, amounts in the zone's currency, and whether shoppers see it. */
export default function MethodFormPage({ loaderData }: Route.ComponentProps) {
  const { zone, method } = loaderData;
  const navigate = useNavigate();
  // The form holds every kind's fields; the schema's output (the chosen kind's) is what is sent.
  const form = useForm<MethodForm>({
    resolver: zodResolver(
      method ? updateShippingMethodBody : createShippingMethodBody,
    ) as unknown as Resolver<MethodForm>,
    defaultValues: formOf(method),
  });
  const { save, notice } = useSettingsSave(form);
  const money = (value: unknown) => (typeof value === 'number' ? formatMoney(value, zone.currencyCode) : '');

  return (
    <Panel title={method ? `Method: ${method.name}` : `New method in ${zone.name}`}>
      {notice(
        [
          { key: 'name', label: 'Name' },
          { key: 'type', label: 'Kind' },
          { key: 'enabled', label: 'Shown' },
          { key: 'minimumSubtotalMinor', label: 'Free from', format: money },
          { key: 'rateMinor', label: 'Rate', format: money },
          { key: 'handlingFeeMinor', label: 'Handling fee', format: money },
          { key: 'ranges', label: 'Ranges' },
        ],
        (current) => formOf(current as unknown as ShippingMethodView),
      )}
      <Form
        form={form}
        onSubmit={async (parsed) => {
          const values = parsed as unknown as ShippingMethodInput | UpdateShippingMethod;
          const saved = await save(
            form.getValues(),
            () =>
              method
                ? api.put(`/settings/shipping-methods/${method.id}`, values)
                : api.post(`/settings/shipping-zones/${zone.id}/methods`, values),
            method ? 'Method saved' : 'Method added',
          );
          if (saved) navigate('/settings/shipping');
        }}
      >
        <FieldRow>
          <TextField name="name" label="Name shoppers see" hint="Such as Standard (3–5 business days)" required />
          <SelectField name="type" label="Kind" options={KINDS} />
        </FieldRow>
        <KindFields currency={zone.currencyCode} />
        <CheckboxField name="enabled" label="Shoppers can choose it" />
        <div className="form-actions">
          <button className="button button--primary" type="submit" disabled={form.formState.isSubmitting}>
            {method ? 'Save method' : 'Add method'}
          </button>
        </div>
      </Form>
    </Panel>
  );
}
