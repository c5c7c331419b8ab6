import type { CheckoutInput, CustomerAddressDto } from '@piste/commerce';
import {
  CUSTOMER_FIELDS,
  fieldError,
  fieldLabels,
  fieldLimits,
  formFlag,
  formText,
  matches,
  readFields,
  validateFields,
  type FieldList,
  type FieldMessage,
} from '../../components/form/form-kit';

/**
 * The checkout form's fields, as plain strings the page can render again, and the mapping to
 * the engine's checkout input (docs/checkout.md). Shared by the page and its action.
 */
export const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'street_1',
  'street_2',
  'city',
  'state',
  'zip',
  'country_iso2',
  'phone',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;
export type AddressKind = 'shipping' | 'billing';

/** A saved address book entry in the checkout's field names. */
export function addressValuesOf(address: CustomerAddressDto): AddressValues {
  return {
    first_name: address.first_name,
    last_name: address.last_name,
    street_1: address.address1,
    street_2: address.address2,
    city: address.city,
    state: address.state_or_province,
    zip: address.postal_code,
    country_iso2: address.country_code,
    phone: address.phone,
  };
}

export type FieldName = 'email' | 'shipping_address_id' | `${AddressKind}.${AddressField}` | 'shipping_method_id';

/** The address book choice that means "the fields as typed", not a saved address. */
export const NEW_ADDRESS = 'new';

export interface CheckoutValues {
  email: string;
  /** A signed-in customer's saved address the shipping fields were filled from, or NEW_ADDRESS. */
  shippingAddressId: string;
  shipping: AddressValues;
  billingSameAsShipping: boolean;
  billing: AddressValues;
  shippingMethodId: string;
}

/** Problems by field, as display-text titles (translated where shown) with their values. */
export type FieldErrors = Partial<Record<FieldName, FieldMessage>>;

/**
 * An address section's fields, in ADDRESS_FIELDS order, with the engine's limits
 * (checkout-schemas.ts). Country and state are checked against the shop's rules instead.
 */
const ADDRESS_FIELD_LIST: FieldList<AddressField> = {
  first_name: CUSTOMER_FIELDS.first_name,
  last_name: CUSTOMER_FIELDS.last_name,
  street_1: CUSTOMER_FIELDS.address1,
  street_2: CUSTOMER_FIELDS.address2,
  city: CUSTOMER_FIELDS.city,
  state: { label: 'State or province' },
  zip: CUSTOMER_FIELDS.postal_code,
  country_iso2: { label: 'Country' },
  phone: CUSTOMER_FIELDS.phone,
};
const { state: _state, country_iso2: _country, ...TYPED_ADDRESS_FIELDS } = ADDRESS_FIELD_LIST;

const CHOOSE_METHOD: FieldMessage = { message: 'Choose a shipping method.' };

/**
 * The shipping method. The card is not a field of this form: it is typed into the payment
 * provider's element, on the provider's origin (issue 28), and this page only ever holds the
 * id of the payment it confirmed.
 */
const METHOD_FIELDS = {
  shipping_method_id: {
    label: 'Shipping method',
    required: CHOOSE_METHOD,
    checks: [matches(/^\d{1,9}$/, CHOOSE_METHOD)],
  },
} as const satisfies Partial<FieldList<FieldName>>;

const OTHER_FIELDS = {
  email: CUSTOMER_FIELDS.email,
  shipping_address_id: { label: 'Ship to a saved address' },
} as const satisfies Partial<FieldList<FieldName>>;

/** The engine's limits (checkout-schemas.ts), also the inputs' maxLength. */
export const MAX_LENGTH: Partial<Record<FieldName | AddressField, number>> = {
  ...fieldLimits({ ...OTHER_FIELDS, ...METHOD_FIELDS }),
  ...fieldLimits(ADDRESS_FIELD_LIST),
};

/** Labels of the fields, for the inputs and the error summary. */
export const ADDRESS_LABELS: Record<AddressField, string> = fieldLabels(ADDRESS_FIELD_LIST);

const LABELS: Partial<Record<FieldName, string>> = fieldLabels({ ...OTHER_FIELDS, ...METHOD_FIELDS });

const BILLING_PREFIX = 'Billing';

export function fieldLabel(field: FieldName): { label: string; billing: boolean } {
  const [kind, name] = field.split('.') as [string, AddressField | undefined];
  if (name) return { label: ADDRESS_LABELS[name], billing: kind === 'billing' };
  return { label: LABELS[field] ?? field, billing: false };
}

/** The summary's name for a field: billing fields carry the section's name, as both forms share labels. */
export function summaryLabel(field: FieldName, t: (title: string) => string): string {
  const { label, billing } = fieldLabel(field);
  return billing ? `${t(BILLING_PREFIX)}: ${t(label)}` : t(label);
}

/** The id of a field's input, for labels, error links and aria-describedby. */
export function fieldId(field: FieldName): string {
  return `checkout-${field.replace('.', '-').replaceAll('_', '-')}`;
}

export function emptyAddress(country: string): AddressValues {
  const address = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, ''])) as AddressValues;
  return { ...address, country_iso2: country };
}

/** A signed-in customer's email and chosen saved address, filled in when the page opens. */
export interface CheckoutPrefill {
  email: string;
  saved: { id: string; values: AddressValues } | null;
}

export function initialValues(country: string, prefill: CheckoutPrefill = { email: '', saved: null }): CheckoutValues {
  return {
    email: prefill.email,
    shippingAddressId: prefill.saved?.id ?? NEW_ADDRESS,
    shipping: prefill.saved?.values ?? emptyAddress(country),
    billingSameAsShipping: true,
    billing: emptyAddress(country),
    shippingMethodId: '',
  };
}

function readAddress(form: FormData, kind: AddressKind): AddressValues {
  const address = readFields(form, ADDRESS_FIELD_LIST, `${kind}.`);
  return { ...address, country_iso2: address.country_iso2.toUpperCase() };
}

/** The form as typed, trimmed; anything that is not a text field reads as empty. */
export function readCheckoutForm(form: FormData): CheckoutValues {
  return {
    email: formText(form, 'email'),
    shippingAddressId: formText(form, 'shipping_address_id') || NEW_ADDRESS,
    shipping: readAddress(form, 'shipping'),
    // Unchecked, billing has its own address.
    billingSameAsShipping: formFlag(form, 'billing_same'),
    billing: readAddress(form, 'billing'),
    shippingMethodId: formText(form, 'shipping_method_id'),
  };
}

/** The payment intent the provider's element confirmed (`pi_…`), as the engine accepts its id; null otherwise. */
export function readPaymentIntentId(form: FormData): string | null {
  const id = formText(form, 'payment_intent_id');
  return /^[A-Za-z0-9_]{1,255}$/.test(id) ? id : null;
}

/** Where the shop ships and bills to: ISO codes, and the state codes of countries that have states. */
export interface CheckoutRules {
  shippingCountries: ReadonlySet<string>;
  billingCountries: ReadonlySet<string>;
  statesByCountry: Readonly<Record<string, readonly string[]>>;
}

/** The problems of a shipping or billing destination: a country served, and a known state where there are states. */
export function destinationErrors(
  kind: AddressKind,
  address: Pick<AddressValues, 'country_iso2' | 'state'>,
  rules: CheckoutRules,
): FieldErrors {
  const errors: FieldErrors = {};
  const countries = kind === 'shipping' ? rules.shippingCountries : rules.billingCountries;
  if (!countries.has(address.country_iso2)) {
    errors[`${kind}.country_iso2`] = {
      message: kind === 'shipping' ? 'Choose a country we ship to.' : 'Choose a country.',
    };
    return errors;
  }
  const states = rules.statesByCountry[address.country_iso2] ?? [];
  if (states.length > 0 && !states.includes(address.state)) {
    errors[`${kind}.state`] = { message: 'Choose a state or province.' };
  }
  return errors;
}

function addressErrors(kind: AddressKind, address: AddressValues, rules: CheckoutRules): FieldErrors {
  const typed = Object.entries(validateFields(TYPED_ADDRESS_FIELDS, address)).map(([field, problem]) => [
    `${kind}.${field}`,
    problem,
  ]);
  return { ...(Object.fromEntries(typed) as FieldErrors), ...destinationErrors(kind, address, rules) };
}

/**
 * Every problem the shopper can fix before the order is sent to the engine, at once (the
 * engine reports only its first). The engine and the payment provider check again.
 */
export function validateCheckout(values: CheckoutValues, rules: CheckoutRules): FieldErrors {
  const email = fieldError(OTHER_FIELDS.email, values.email);
  const errors: FieldErrors = email ? { email } : {};
  Object.assign(errors, addressErrors('shipping', values.shipping, rules));
  if (!values.billingSameAsShipping) Object.assign(errors, addressErrors('billing', values.billing, rules));
  return Object.assign(errors, validateFields(METHOD_FIELDS, { shipping_method_id: values.shippingMethodId }));
}

/** The engine's checkout input for a validated form and the payment the shopper confirmed. */
export function toCheckoutInput(values: CheckoutValues, paymentIntentId: string): CheckoutInput {
  return {
    email: values.email,
    shipping_address: values.shipping,
    ...(values.billingSameAsShipping ? {} : { billing_address: values.billing }),
    shipping_method_id: Number(values.shippingMethodId),
    payment: { intent_id: paymentIntentId },
  };
}
