import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { redirect, useActionData, useNavigation, useSubmit } from 'react-router';
import { z } from 'zod';
import {
  proCodeField,
  proCodeRegionSchema,
  type ProCodeCreateBody,
  type ProCodeList,
  type ProCodeView,
} from '@piste/admin';
import type { Route } from './+types/pro-code-new';
import {
  attempt,
  DateField,
  FieldRow,
  Form,
  NumberField,
  SelectField,
  TextField,
  useServerErrors,
} from '~/components/form';
import { PageHeader } from '~/components/page-header';
import { Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api } from '~/lib/api';
import { requirePermission } from '~/lib/session';
import { PRO_REGIONS } from './pro-code-view';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('pro-codes:write', request.signal);
  const { groups } = await api.get<ProCodeList>('/pro-codes', { signal: request.signal });
  return { groups };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = (await request.json()) as ProCodeCreateBody;
  const result = await attempt(() => api.post<{ proCode: ProCodeView }>('/pro-codes', body));
  if (!result.ok) return result;
  toast.success(`Pro code ${result.data.proCode.code} created`);
  return redirect(`/pro-codes/${encodeURIComponent(result.data.proCode.code)}`);
}

/** The form's values as its fields hold them; the API's schema checks them again. */
const newCodeSchema = z.object({
  code: proCodeField,
  region: proCodeRegionSchema,
  customerGroupId: z.string().min(1, 'Choose the group pros join.'),
  spendLimit: z
    .number('Enter the spend limit in whole units.')
    .int('Enter the spend limit in whole units.')
    .min(0, 'The spend limit cannot be negative.'),
  proExpiresAt: z.string('Choose when the pro status ends.').min(1, 'Choose when the pro status ends.'),
  validUntil: z.string().optional(),
  maxUses: z
    .number('Enter a whole number of uses.')
    .int('Enter a whole number of uses.')
    .min(1, 'Allow at least 1 use.')
    .optional(),
});
type NewCodeValues = z.infer<typeof newCodeSchema>;

const REGION_OPTIONS = Object.entries(PRO_REGIONS).map(([value, { label, currency }]) => ({
  value,
  label: `${label} (${currency})`,
}));

/** A year from today, as the date field holds it. */
const aYearFromNow = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

export default function NewProCode({ loaderData }: Route.ComponentProps) {
  const proGroup = loaderData.groups.find((group) => /pro/i.test(group.name));
  const form = useForm<NewCodeValues>({
    resolver: zodResolver(newCodeSchema),
    defaultValues: {
      code: '',
      region: 'pro',
      customerGroupId: proGroup ? String(proGroup.id) : '',
      spendLimit: 3000,
      proExpiresAt: aYearFromNow(),
    },
  });
  const result = useActionData<typeof clientAction>();
  useServerErrors(form, result);
  const submit = useSubmit();
  const busy = useNavigation().state !== 'idle';

  return (
    <>
      <PageHeader
        title="New pro code"
        description="Customers who sign up or join with it become pros of its region."
        back={{ to: '/pro-codes', label: 'Pro codes' }}
      />
      <Panel>
        <Form
          form={form}
          aria-label="New pro code"
          onSubmit={(values) => {
            const body: ProCodeCreateBody = {
              code: values.code,
              region: values.region,
              customerGroupId: Number(values.customerGroupId),
              spendLimit: values.spendLimit,
              proExpiresAt: values.proExpiresAt,
              validUntil: values.validUntil ?? null,
              maxUses: values.maxUses ?? null,
            };
            submit(body, { method: 'post', encType: 'application/json' });
          }}
        >
          <FieldRow>
            <TextField
              name="code"
              label="Code"
              required
              autoComplete="off"
              hint="Letters, digits and dashes; shoppers may type it in any case."
            />
            <SelectField name="region" label="Pro region" required options={REGION_OPTIONS} />
          </FieldRow>
          <FieldRow>
            <SelectField
              name="customerGroupId"
              label="Group pros join"
              required
              placeholder="Choose a group"
              options={loaderData.groups.map((group) => ({ value: String(group.id), label: group.name }))}
            />
            <NumberField
              name="spendLimit"
              label="Spend limit a year"
              required
              min={0}
              hint="Whole units of the region's currency."
            />
          </FieldRow>
          <FieldRow>
            <DateField name="proExpiresAt" label="Pro status ends" required />
            <DateField name="validUntil" label="Sign-ups accepted until" hint="Empty: until the code is expired." />
          </FieldRow>
          <NumberField name="maxUses" label="Use limit" min={1} hint="How many customers may join; empty: no limit." />
          <div className="form-actions">
            <button className="button button--primary" type="submit" disabled={busy}>
              {busy ? 'Creating…' : 'Create pro code'}
            </button>
          </div>
        </Form>
      </Panel>
    </>
  );
}
