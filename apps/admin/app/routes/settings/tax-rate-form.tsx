import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  createTaxRateBody,
  updateTaxRateBody,
  type CreateTaxRate,
  type TaxRateView,
  type UpdateTaxRate,
} from '@piste/admin';
import { Form, FieldRow, NumberField, TextField } from '~/components/form';
import { Panel } from '~/components/states';
import { api } from '~/lib/api';
import { requirePermission } from '~/lib/session';
import type { Route } from './+types/tax-rate-form';
import { useSettingsSave } from './settings-conflict';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requirePermission('settings:write', request.signal);
  if (!params.key) return { rate: null };
  const { rates } = await api.get<{ rates: TaxRateView[] }>('/settings/tax-rates', { signal: request.signal });
  const rate = rates.find((candidate) => candidate.key === params.key);
  if (!rate) throw new Response(`No tax rate for ${params.key}`, { status: 404 });
  return { rate };
}

const RATE_HINT = 'In percent, up to three decimals: 19, 7.25, 14.975';

function NewRate() {
  const navigate = useNavigate();
  const form = useForm<z.input<typeof createTaxRateBody>, unknown, CreateTaxRate>({
    resolver: zodResolver(createTaxRateBody),
    defaultValues: { countryIso2: '', stateIso2: '', name: '' },
  });
  const { save } = useSettingsSave(form);
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        if (await save(values, () => api.post('/settings/tax-rates', values), 'Tax rate added'))
          navigate('/settings/tax');
      }}
    >
      <FieldRow>
        <TextField
          name="countryIso2"
          label="Country code"
          hint="Two letters, such as DE or US"
          maxLength={2}
          required
        />
        <TextField
          name="stateIso2"
          label="State or province"
          hint="Only where the country is taxed by state, such as CO or QC"
          maxLength={3}
        />
      </FieldRow>
      <FieldRow>
        <TextField name="name" label="Name shoppers see" hint="VAT, Sales tax, HST…" required />
        <NumberField name="ratePercent" label="Rate (%)" hint={RATE_HINT} min={0} max={100} step="any" required />
      </FieldRow>
      <div className="form-actions">
        <button className="button button--primary" type="submit" disabled={form.formState.isSubmitting}>
          Add rate
        </button>
      </div>
    </Form>
  );
}

function EditRate({ rate }: { rate: TaxRateView }) {
  const navigate = useNavigate();
  const form = useForm<z.input<typeof updateTaxRateBody>, unknown, UpdateTaxRate>({
    resolver: zodResolver(updateTaxRateBody),
    defaultValues: { name: rate.name, ratePercent: rate.ratePercent, version: rate.version },
  });
  const { save, notice } = useSettingsSave(form);
  return (
    <>
      {notice(
        [
          { key: 'name', label: 'Name shown' },
          { key: 'ratePercent', label: 'Rate (%)' },
        ],
        (current) => ({ ...current, version: (current as unknown as TaxRateView).version }),
      )}
      <Form
        form={form}
        onSubmit={async (values) => {
          const path = `/settings/tax-rates/${rate.key}`;
          if (await save(values, () => api.put(path, values), 'Tax rate saved')) navigate('/settings/tax');
        }}
      >
        <FieldRow>
          <TextField name="name" label="Name shoppers see" required />
          <NumberField name="ratePercent" label="Rate (%)" hint={RATE_HINT} min={0} max={100} step="any" required />
        </FieldRow>
        <div className="form-actions">
          <button className="button button--primary" type="submit" disabled={form.formState.isSubmitting}>
            Save rate
          </button>
        </div>
      </Form>
    </>
  );
}

/** Adds a rate for a country or state, or edits one's name and percentage. */
export default function TaxRateForm({ loaderData }: Route.ComponentProps) {
  const { rate } = loaderData;
  return (
    <Panel title={rate ? `Tax rate of ${rate.key}` : 'New tax rate'}>
      {rate ? <EditRate rate={rate} /> : <NewRate />}
    </Panel>
  );
}
