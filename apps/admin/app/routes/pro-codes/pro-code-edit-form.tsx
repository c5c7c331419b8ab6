import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useFetcher } from 'react-router';
import { z } from 'zod';
import type { ProCodeUpdateBody, ProCodeView } from '@piste/admin';
import { ConflictNotice } from '~/components/conflict-notice';
import { DateField, FieldRow, Form, NumberField, useServerErrors } from '~/components/form';
import { toast } from '~/components/toast';
import type { clientAction, ProCodeIntent } from './pro-code-detail';

const editSchema = z.object({
  spendLimit: z
    .number('Enter the spend limit in whole units.')
    .int('Enter the spend limit in whole units.')
    .min(0, 'The spend limit cannot be negative.'),
  proExpiresAt: z.string('Choose when the pro status ends.').min(1, 'Choose when the pro status ends.'),
  /** Empty: sign-ups until the code is expired. */
  validUntil: z.string().optional(),
  /** Empty: no limit. */
  maxUses: z
    .number('Enter a whole number of uses.')
    .int('Enter a whole number of uses.')
    .min(1, 'Allow at least 1 use.')
    .optional(),
});
type EditValues = z.infer<typeof editSchema>;

function valuesOf(code: ProCodeView): EditValues {
  return {
    spendLimit: code.spendLimit,
    proExpiresAt: code.proExpiresAt.slice(0, 10),
    validUntil: code.validUntil?.slice(0, 10),
    maxUses: code.maxUses ?? undefined,
  };
}

/** Only what changed is sent: a date shown by its day alone would otherwise move to that day's end. */
function changesOf(loaded: EditValues, values: EditValues): Omit<ProCodeUpdateBody, 'version'> {
  const changes: Omit<ProCodeUpdateBody, 'version'> = {};
  if (values.spendLimit !== loaded.spendLimit) changes.spendLimit = values.spendLimit;
  if (values.proExpiresAt !== loaded.proExpiresAt) changes.proExpiresAt = values.proExpiresAt;
  if (values.validUntil !== loaded.validUntil) changes.validUntil = values.validUntil ?? null;
  if (values.maxUses !== loaded.maxUses) changes.maxUses = values.maxUses ?? null;
  return changes;
}

const CONFLICT_FIELDS = [
  { key: 'spendLimit', label: 'Spend limit' },
  { key: 'proExpiresAt', label: 'Pro status ends' },
  { key: 'validUntil', label: 'Sign-ups until' },
  { key: 'maxUses', label: 'Use limit' },
] satisfies { key: keyof EditValues; label: string }[];

export function ProCodeEditForm({ proCode, onLoadTheirs }: { proCode: ProCodeView; onLoadTheirs: () => void }) {
  const loaded = valuesOf(proCode);
  const form = useForm<EditValues>({ resolver: zodResolver(editSchema), defaultValues: loaded });
  const saver = useFetcher<typeof clientAction>();
  const result = saver.data && saver.data.intent === 'save' ? saver.data : undefined;
  useServerErrors(form, result);
  const conflict = result && !result.ok && result.error.isConflict ? (result.error.current as ProCodeView) : null;

  return (
    <Form
      form={form}
      aria-label={`Edit ${proCode.code}`}
      onSubmit={(values) => {
        const changes = changesOf(loaded, values);
        if (Object.keys(changes).length === 0) {
          toast.info('Nothing has changed.');
          return;
        }
        saver.submit({ intent: 'save', changes: { version: proCode.version, ...changes } } satisfies ProCodeIntent, {
          method: 'post',
          encType: 'application/json',
        });
      }}
    >
      {conflict && (
        <ConflictNotice
          current={valuesOf(conflict)}
          yours={form.getValues()}
          fields={CONFLICT_FIELDS}
          onLoadTheirs={onLoadTheirs}
        />
      )}
      <fieldset disabled={saver.state !== 'idle'} className="stack">
        <FieldRow>
          <NumberField name="spendLimit" label="Spend limit a year" required min={0} hint="Applies to every holder." />
          <NumberField name="maxUses" label="Use limit" min={1} hint="Empty: no limit." />
        </FieldRow>
        <FieldRow>
          <DateField
            name="proExpiresAt"
            label="Pro status ends"
            required
            hint="Holders who still have the old date move with it."
          />
          <DateField name="validUntil" label="Sign-ups accepted until" hint="Empty: no end." />
        </FieldRow>
        <div className="form-actions">
          <button className="button button--primary" type="submit">
            {saver.state === 'idle' ? 'Save pro code' : 'Saving…'}
          </button>
        </div>
      </fieldset>
    </Form>
  );
}
