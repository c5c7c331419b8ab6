import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm, useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  PROMOTION_KIND_VALUES,
  PROMOTION_PRO_RULE_VALUES,
  PROMOTION_TARGET_VALUES,
  promotionCodeField,
  promotionNameField,
  promotionRuleErrors,
  type PromotionChoices,
  type PromotionCreateBody,
  type PromotionView,
} from '@piste/admin';
import { ConflictNotice } from '~/components/conflict-notice';
import {
  CheckboxField,
  DateField,
  FieldRow,
  Form,
  MoneyField,
  NumberField,
  SelectField,
  TextField,
  useFieldError,
  useServerErrors,
} from '~/components/form';
import type { ApiError } from '~/lib/api';
import styles from './promotions.module.css';
import { datesText, KIND_LABELS, offerText, PROMOTION_REGIONS, regionsText } from './promotion-view';

const wholeCount = (what: string) =>
  z
    .number(`Enter ${what} as a whole number.`)
    .int(`Enter ${what} as a whole number.`)
    .positive(`Enter ${what} above 0.`)
    .optional();
const money = z
  .number()
  .nullable()
  .refine((value) => value === null || !Number.isNaN(value), 'Enter an amount such as 12.50.');

/**
 * The editor's values as its fields hold them (a code left empty is an automatic promotion); the
 * rules between fields are the API's own (`promotionRuleErrors`), on the body the form would send.
 */
const formSchema = z
  .object({
    name: promotionNameField,
    /** Empty: automatic; else checked as the API checks a code, with its messages. */
    code: z.string().superRefine((value, context) => {
      if (value.trim() === '') return;
      const checked = promotionCodeField.safeParse(value);
      if (!checked.success) context.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
    }),
    kind: z.enum(PROMOTION_KIND_VALUES),
    target: z.enum(PROMOTION_TARGET_VALUES),
    targetId: z.string().regex(/^\d*$/, 'Enter the id as a number.'),
    percentOff: z
      .number('Enter the percentage as a whole number from 1 to 100.')
      .int('Enter the percentage as a whole number from 1 to 100.')
      .min(1, 'Enter a percentage from 1 to 100.')
      .max(100, 'Enter a percentage from 1 to 100.')
      .optional(),
    amountOffMinor: money,
    currencyCode: z.string(),
    minSubtotalMinor: money,
    regions: z.array(z.string()),
    customerGroupIds: z.array(z.number()),
    pros: z.enum(PROMOTION_PRO_RULE_VALUES),
    startsAt: z.string().optional(),
    endsAt: z.string().optional(),
    usageLimit: wholeCount('the use limit'),
    perCustomerLimit: wholeCount('the limit per customer'),
    combinesWithSale: z.boolean(),
    combinesWithGroupDiscount: z.boolean(),
    enabled: z.boolean(),
  })
  .superRefine((values, context) => {
    const body = bodyOf(values);
    const errors = promotionRuleErrors({
      ...body,
      startsAt: body.startsAt ? new Date(momentOf(body.startsAt, false)) : null,
      endsAt: body.endsAt ? new Date(momentOf(body.endsAt, true)) : null,
    });
    for (const [field, message] of Object.entries(errors)) context.addIssue({ code: 'custom', path: [field], message });
  });
export type PromotionFormValues = z.infer<typeof formSchema>;

/** A date the picker gives, as the API reads it: a start at the day's start, an end at its end (UTC). */
const momentOf = (value: string, endOfDay: boolean) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z` : value;

function valuesOf(promotion: PromotionView | undefined, choices: PromotionChoices): PromotionFormValues {
  return {
    name: promotion?.name ?? '',
    code: promotion?.code ?? '',
    kind: promotion?.kind ?? 'percent_off',
    target: promotion?.target ?? 'cart',
    targetId: promotion?.targetId?.toString() ?? '',
    percentOff: promotion?.percentOff ?? undefined,
    amountOffMinor: promotion?.amountOffMinor ?? null,
    currencyCode: promotion?.currencyCode ?? choices.currencies[0]?.code ?? 'USD',
    minSubtotalMinor: promotion?.minSubtotalMinor ?? null,
    regions: promotion?.regions ?? [],
    customerGroupIds: promotion?.customerGroupIds ?? [],
    pros: promotion?.pros ?? 'included',
    startsAt: promotion?.startsAt?.slice(0, 10),
    endsAt: promotion?.endsAt?.slice(0, 10),
    usageLimit: promotion?.usageLimit ?? undefined,
    perCustomerLimit: promotion?.perCustomerLimit ?? undefined,
    combinesWithSale: promotion?.combinesWithSale ?? false,
    combinesWithGroupDiscount: promotion?.combinesWithGroupDiscount ?? false,
    enabled: promotion?.enabled ?? true,
  };
}

/**
 * What the API gets: only the fields the kind and target use (an amount left from another kind
 * is dropped, not refused), and a date left as loaded keeps its exact moment (the picker shows
 * the day alone, which would otherwise move it to that day's start or end).
 */
function bodyOf(values: PromotionFormValues, loaded?: PromotionView) {
  const keepDate = (day: string | undefined, original: string | null | undefined) =>
    day === undefined ? null : original && original.slice(0, 10) === day ? original : day;
  const usesCurrency = values.kind === 'amount_off' || values.minSubtotalMinor !== null;
  return {
    name: values.name,
    code: values.code.trim() === '' ? null : values.code.trim(),
    kind: values.kind,
    target: values.target,
    targetId: values.target === 'cart' || values.targetId === '' ? null : Number(values.targetId),
    percentOff: values.kind === 'percent_off' ? (values.percentOff ?? null) : null,
    amountOffMinor: values.kind === 'amount_off' ? values.amountOffMinor : null,
    currencyCode: usesCurrency && values.currencyCode !== '' ? values.currencyCode : null,
    minSubtotalMinor: values.minSubtotalMinor,
    regions: values.regions as NonNullable<PromotionCreateBody['regions']>,
    customerGroupIds: values.customerGroupIds,
    pros: values.pros,
    startsAt: keepDate(values.startsAt, loaded?.startsAt),
    endsAt: keepDate(values.endsAt, loaded?.endsAt),
    usageLimit: values.usageLimit ?? null,
    perCustomerLimit: values.perCustomerLimit ?? null,
    combinesWithSale: values.combinesWithSale,
    combinesWithGroupDiscount: values.combinesWithGroupDiscount,
    enabled: values.enabled,
  } satisfies PromotionCreateBody;
}
export type PromotionBody = ReturnType<typeof bodyOf>;

/** A set of checkboxes kept in the form as one list (regions, customer groups). */
function CheckboxList<T extends string | number>({
  name,
  legend,
  hint,
  options,
}: {
  name: 'regions' | 'customerGroupIds';
  legend: string;
  hint: string;
  options: { value: T; label: string }[];
}) {
  const { control } = useFormContext<PromotionFormValues>();
  const { field } = useController({ name, control });
  const error = useFieldError(name);
  const chosen = new Set<T>(field.value as T[]);
  return (
    <fieldset
      className={`field ${styles.choices}`}
      id={`field-${name}`}
      aria-describedby={`${name}-hint${error ? ` ${name}-error` : ''}`}
    >
      <legend className="field__label">{legend}</legend>
      <p className="field__hint" id={`${name}-hint`}>
        {hint}
      </p>
      <div className="row">
        {options.map((option) => (
          <label key={option.value} className="field__check">
            <input
              className="checkbox"
              type="checkbox"
              checked={chosen.has(option.value)}
              onChange={(event) =>
                field.onChange(
                  event.target.checked
                    ? [...chosen, option.value]
                    : (field.value as T[]).filter((value) => value !== option.value),
                )
              }
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" id={`${name}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

const KIND_OPTIONS = PROMOTION_KIND_VALUES.map((value) => ({ value, label: KIND_LABELS[value] }));
const TARGET_OPTIONS = [
  { value: 'cart', label: 'The whole cart' },
  { value: 'category', label: 'One category' },
  { value: 'product', label: 'One product' },
];
const PRO_OPTIONS = [
  { value: 'included', label: 'Everyone, pros included' },
  { value: 'excluded', label: 'Everyone but pros' },
  { value: 'only', label: 'Pros only' },
];

/** The offer: kind, amount and what it applies to; the fields shown follow the kind and target. */
function OfferFields({ choices }: { choices: PromotionChoices }) {
  const { control } = useFormContext<PromotionFormValues>();
  const [kind, target, currency] = useWatch({ control, name: ['kind', 'target', 'currencyCode'] });
  const currencyOptions = choices.currencies.map((option) => ({ value: option.code, label: option.code }));
  return (
    <>
      <FieldRow>
        <SelectField name="kind" label="Kind" required options={KIND_OPTIONS} />
        {kind === 'percent_off' && <NumberField name="percentOff" label="Percent off" required min={1} max={100} />}
        {kind === 'amount_off' && (
          <MoneyField name="amountOffMinor" label="Amount off" required currency={currency || 'USD'} />
        )}
      </FieldRow>
      <FieldRow>
        <SelectField
          name="currencyCode"
          label="Currency"
          options={currencyOptions}
          hint="Of the amount and the minimum."
        />
        <MoneyField
          name="minSubtotalMinor"
          label="Minimum subtotal"
          currency={currency || 'USD'}
          hint="Empty: no minimum."
        />
      </FieldRow>
      <FieldRow>
        <SelectField name="target" label="Applies to" required options={TARGET_OPTIONS} />
        {target === 'category' && (
          <SelectField
            name="targetId"
            label="Category"
            required
            placeholder="Choose a category"
            options={choices.categories.map((category) => ({ value: String(category.id), label: category.name }))}
          />
        )}
        {target === 'product' && (
          <TextField
            name="targetId"
            label="Product id"
            required
            inputMode="numeric"
            hint="The number in the product's address."
          />
        )}
      </FieldRow>
    </>
  );
}

export interface PromotionFormProps {
  choices: PromotionChoices;
  /** The promotion being edited; none for a new one. */
  promotion?: PromotionView;
  /** The action's answer to the last submit, to show a refusal at its fields or a conflict. */
  result?: { ok: boolean; error?: ApiError } | null;
  busy: boolean;
  submitLabel: string;
  readOnly?: boolean;
  onSubmit: (body: PromotionBody) => void;
  /** After a conflict: load the promotion as it is now. */
  onLoadTheirs?: () => void;
}

const CONFLICT_FIELDS = [
  { key: 'name', label: 'Name' },
  { key: 'code', label: 'Code' },
  { key: 'offer', label: 'Offer' },
  { key: 'regions', label: 'Regions' },
  { key: 'dates', label: 'Dates' },
  { key: 'usageLimit', label: 'Use limit' },
  { key: 'enabled', label: 'Enabled' },
] as const;

/** A promotion as the conflict notice compares it: what staff read, not raw fields. */
const comparable = (promotion: PromotionView) => ({
  name: promotion.name,
  code: promotion.code,
  offer: offerText(promotion),
  regions: regionsText(promotion.regions),
  dates: datesText(promotion),
  usageLimit: promotion.usageLimit,
  enabled: promotion.enabled,
});

export function PromotionForm({
  choices,
  promotion,
  result,
  busy,
  submitLabel,
  readOnly = false,
  onSubmit,
  onLoadTheirs,
}: PromotionFormProps) {
  const form = useForm<PromotionFormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(promotion, choices),
  });
  useServerErrors(form, result);
  const conflict =
    result && !result.ok && result.error?.isConflict ? (result.error.current as PromotionView | undefined) : undefined;

  return (
    <Form
      form={form}
      aria-label={promotion ? `Edit ${promotion.name}` : 'New promotion'}
      onSubmit={(values) => onSubmit(bodyOf(values, promotion))}
    >
      {conflict && promotion && onLoadTheirs && (
        <ConflictNotice
          current={comparable(conflict)}
          yours={comparable({
            ...promotion,
            ...bodyOf(form.getValues(), promotion),
            targetName: null,
          } as PromotionView)}
          fields={[...CONFLICT_FIELDS]}
          onLoadTheirs={onLoadTheirs}
        />
      )}
      <fieldset disabled={readOnly || busy} className={`stack ${styles.fields}`}>
        <FieldRow>
          <TextField name="name" label="Name" required hint="For staff; shoppers see the code and the discount." />
          <TextField
            name="code"
            label="Coupon code"
            autoComplete="off"
            hint="Letters, digits, - and _; shoppers may type any case. Empty: applied automatically."
          />
        </FieldRow>
        <OfferFields choices={choices} />
        <CheckboxList
          name="regions"
          legend="Regions"
          hint="None ticked: every region."
          options={choices.regions.map((region) => ({ value: region, label: PROMOTION_REGIONS[region] ?? region }))}
        />
        <CheckboxList
          name="customerGroupIds"
          legend="Customer groups"
          hint="None ticked: every shopper, guests included."
          options={choices.groups.map((group) => ({ value: group.id, label: group.name }))}
        />
        <FieldRow>
          <DateField name="startsAt" label="Starts" hint="Empty: at once. From the day's start (UTC)." />
          <DateField name="endsAt" label="Ends" hint="Empty: no end. Until the day's end (UTC)." />
        </FieldRow>
        <FieldRow>
          <SelectField name="pros" label="Pros" options={PRO_OPTIONS} />
          <NumberField name="usageLimit" label="Use limit" min={1} hint="Orders in all; empty: no limit." />
          <NumberField name="perCustomerLimit" label="Limit per customer" min={1} hint="By account, else email." />
        </FieldRow>
        <CheckboxField name="combinesWithSale" label="Also takes money off lines already on sale" />
        <CheckboxField name="combinesWithGroupDiscount" label="Also takes money off lines with a group discount" />
        <CheckboxField name="enabled" label="Enabled" hint="A disabled promotion is kept but never applied." />
        {!readOnly && (
          <div className="form-actions">
            <button className="button button--primary" type="submit">
              {busy ? 'Saving…' : submitLabel}
            </button>
          </div>
        )}
      </fieldset>
    </Form>
  );
}
