import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useFetcher } from 'react-router';
import { z } from 'zod';
import type { CustomerDetail, CustomerGroupOption, CustomerUpdateBody } from '@piste/admin';
import { ConflictNotice } from '~/components/conflict-notice';
import {
  CheckboxField,
  DateField,
  FieldRow,
  Form,
  SelectField,
  TextAreaField,
  TextField,
  useServerErrors,
} from '~/components/form';
import { toast } from '~/components/toast';
import type { clientAction, CustomerIntent } from './customer-detail';

/** The form's own checks; the API checks everything again and its messages land at the same fields. */
const profileSchema = z.object({
  firstName: z.string().trim().min(1, 'Enter the first name.').max(80, 'Keep the first name under 80 characters.'),
  lastName: z.string().trim().min(1, 'Enter the last name.').max(80, 'Keep the last name under 80 characters.'),
  company: z.string().trim().max(120, 'Keep the company under 120 characters.'),
  phone: z.string().trim().max(40, 'Keep the phone number under 40 characters.'),
  notes: z.string().max(2000, 'Keep the notes under 2000 characters.'),
  acceptsMarketing: z.boolean(),
  /** '' is the default group. */
  customerGroupId: z.string(),
  /** '' is no pro code. */
  proCode: z
    .string()
    .trim()
    .max(40, 'A pro code has at most 40 characters.')
    .regex(/^[A-Za-z0-9-]*$/, 'A pro code is letters, digits and dashes.'),
  /** YYYY-MM-DD; empty is no expiry. */
  proExpiresAt: z.string().optional(),
});
type ProfileValues = z.infer<typeof profileSchema>;

function valuesOf(customer: CustomerDetail['customer']): ProfileValues {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    company: customer.company,
    phone: customer.phone,
    notes: customer.notes,
    acceptsMarketing: customer.acceptsMarketing,
    customerGroupId: customer.customerGroupId === null ? '' : String(customer.customerGroupId),
    proCode: customer.pro.code ?? '',
    proExpiresAt: customer.pro.expiresAt?.slice(0, 10) ?? undefined,
  };
}

/**
 * Only what the user changed goes to the API: re-sending an unchanged pro code would join the
 * customer to it again (its group, its expiry) over what staff set since.
 */
function changesOf(loaded: ProfileValues, values: ProfileValues): Omit<CustomerUpdateBody, 'version'> {
  const changes: Omit<CustomerUpdateBody, 'version'> = {};
  for (const key of ['firstName', 'lastName', 'company', 'phone', 'notes'] as const) {
    if (values[key].trim() !== loaded[key].trim()) changes[key] = values[key];
  }
  if (values.acceptsMarketing !== loaded.acceptsMarketing) changes.acceptsMarketing = values.acceptsMarketing;
  if (values.customerGroupId !== loaded.customerGroupId) {
    changes.customerGroupId = values.customerGroupId === '' ? null : Number(values.customerGroupId);
  }
  const code = values.proCode.trim().toUpperCase();
  if (code !== loaded.proCode) changes.proCode = code === '' ? null : code;
  if ((values.proExpiresAt ?? '') !== (loaded.proExpiresAt ?? '') && code !== '') {
    changes.proExpiresAt = values.proExpiresAt ?? null;
  }
  return changes;
}

const CONFLICT_FIELDS = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'company', label: 'Company' },
  { key: 'phone', label: 'Phone' },
  { key: 'notes', label: 'Notes' },
  { key: 'acceptsMarketing', label: 'Accepts marketing' },
  { key: 'customerGroupId', label: 'Group' },
  { key: 'proCode', label: 'Pro code' },
  { key: 'proExpiresAt', label: 'Pro until' },
] satisfies { key: keyof ProfileValues; label: string }[];

export function CustomerProfileForm({
  customer,
  groups,
  readOnly,
  onLoadTheirs,
}: {
  customer: CustomerDetail['customer'];
  groups: CustomerGroupOption[];
  readOnly: boolean;
  /** Reloads the page's customer: the form starts again from the saved record. */
  onLoadTheirs: () => void;
}) {
  const loaded = valuesOf(customer);
  const form = useForm<ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: loaded });
  const saver = useFetcher<typeof clientAction>();
  const result = saver.data && saver.data.intent === 'save' ? saver.data : undefined;
  useServerErrors(form, result);
  const conflict = result && !result.ok && result.error.isConflict ? (result.error.current as CustomerDetail) : null;

  const groupOptions = groups.map((group) => ({
    value: String(group.id),
    label: group.isEmployeeGroup ? `${group.name} (employee prices and flag)` : group.name,
  }));
  const defaultGroup = groups.find((group) => group.isDefault);

  return (
    <Form
      form={form}
      aria-label="Customer profile"
      onSubmit={(values) => {
        const changes = changesOf(loaded, values);
        if (Object.keys(changes).length === 0) {
          toast.info('Nothing has changed.');
          return;
        }
        saver.submit({ intent: 'save', changes: { version: customer.version, ...changes } } satisfies CustomerIntent, {
          method: 'post',
          encType: 'application/json',
        });
      }}
    >
      {conflict && (
        <ConflictNotice
          current={valuesOf(conflict.customer)}
          yours={form.getValues()}
          fields={CONFLICT_FIELDS}
          onLoadTheirs={onLoadTheirs}
        />
      )}
      <fieldset disabled={readOnly || saver.state !== 'idle'} className="stack">
        <FieldRow>
          <TextField name="firstName" label="First name" required autoComplete="off" />
          <TextField name="lastName" label="Last name" required autoComplete="off" />
        </FieldRow>
        <FieldRow>
          <TextField name="company" label="Company" autoComplete="off" />
          <TextField name="phone" label="Phone" type="tel" autoComplete="off" />
        </FieldRow>
        <TextAreaField name="notes" label="Notes" hint="Only staff see these." rows={3} />
        <CheckboxField name="acceptsMarketing" label="Accepts marketing emails" />
        <SelectField
          name="customerGroupId"
          label="Customer group"
          hint="The group prices the customer; the employee group also flags them as an employee."
          options={groupOptions}
          placeholder={`Default${defaultGroup ? ` (${defaultGroup.name})` : ''}`}
        />
        <FieldRow>
          <TextField
            name="proCode"
            label="Pro code"
            hint="A new code joins its group and expiry; empty ends the pro membership."
            autoComplete="off"
          />
          <DateField name="proExpiresAt" label="Pro until" hint="The customer is pro through this day (UTC)." />
        </FieldRow>
        {!readOnly && (
          <div className="form-actions">
            <button className="button button--primary" type="submit">
              {saver.state === 'idle' ? 'Save customer' : 'Saving…'}
            </button>
          </div>
        )}
      </fieldset>
    </Form>
  );
}
