import type { CheckoutInput, CustomerAddressDto } from '@piste/commerce';

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

export type FieldName =
  | 'email'
  | 'shipping_address_id'
  | `${AddressKind}.${AddressField}`
  | 'shipping_method_id'
  | 'card_number'
  | 'expiry'
  | 'cvc'
  | 'holder_name';

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
  cardNumber: string;
  expiry: string;
  cvc: string;
  holderName: string;
}

/** What the page may send back to the browser: never the card number or its security code. */
export type EchoedValues = Omit<CheckoutValues, 'cardNumber' | 'cvc'>;

/** Problems by field, as display-text titles (translated where shown) with their values. */
export type FieldErrors = Partial<Record<FieldName, FieldMessage>>;
export interface FieldMessage {
  message: string;
  values?: Record<string, string | number>;
}

/** The engine's limits (checkout-schemas.ts), also the inputs' maxLength. */
export const MAX_LENGTH: Partial<Record<FieldName | AddressField, number>> = {
  email: 254,
  first_name: 80,
  last_name: 80,
  street_1: 160,
  street_2: 160,
  city: 80,
  zip: 16,
  phone: 40,
  card_number: 32,
  expiry: 7,
  cvc: 4,
  holder_name: 120,
};

const OPTIONAL_ADDRESS_FIELDS: ReadonlySet<AddressField> = new Set(['street_2', 'phone', 'state']);

/** Labels of the fields, for the inputs and the error summary. */
export const ADDRESS_LABELS: Record<AddressField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  street_1: 'Address',
  street_2: 'Apartment, suite, etc. (optional)',
  city: 'City',
  state: 'State or province',
  zip: 'Postal code',
  country_iso2: 'Country',
  phone: 'Phone (optional)',
};

const BILLING_PREFIX = 'Billing';

export function fieldLabel(field: FieldName): { label: string; billing: boolean } {
  const [kind, name] = field.split('.') as [string, AddressField | undefined];
  if (name) return { label: ADDRESS_LABELS[name], billing: kind === 'billing' };
  const labels: Record<string, string> = {
    email: 'Email',
    shipping_address_id: 'Ship to a saved address',
    shipping_method_id: 'Shipping method',
    card_number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    holder_name: 'Name on card',
  };
  return { label: labels[field] ?? field, billing: false };
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

export function initialValues(country: string, prefill: CheckoutPrefill = { email: '', saved: null }): EchoedValues {
  return {
    email: prefill.email,
    shippingAddressId: prefill.saved?.id ?? NEW_ADDRESS,
    shipping: prefill.saved?.values ?? emptyAddress(country),
    billingSameAsShipping: true,
    billing: emptyAddress(country),
    shippingMethodId: '',
    expiry: '',
    holderName: '',
  };
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

function readAddress(form: FormData, kind: AddressKind): AddressValues {
  const address = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, text(form, `${kind}.${field}`)]));
  return { ...(address as AddressValues), country_iso2: text(form, `${kind}.country_iso2`).toUpperCase() };
}

/** The form as typed, trimmed; anything that is not a text field reads as empty. */
export function readCheckoutForm(form: FormData): CheckoutValues {
  return {
    email: text(form, 'email'),
    shippingAddressId: text(form, 'shipping_address_id') || NEW_ADDRESS,
    shipping: readAddress(form, 'shipping'),
    // An unchecked checkbox is absent from the form: billing then has its own address.
    billingSameAsShipping: form.get('billing_same') !== null,
    billing: readAddress(form, 'billing'),
    shippingMethodId: text(form, 'shipping_method_id'),
    cardNumber: text(form, 'card_number'),
    expiry: text(form, 'expiry'),
    cvc: text(form, 'cvc'),
    holderName: text(form, 'holder_name'),
  };
}

export function echoedValues({ cardNumber: _number, cvc: _cvc, ...values }: CheckoutValues): EchoedValues {
  return values;
}

/** Where the shop ships and bills to: ISO codes, and the state codes of countries that have states. */
export interface CheckoutRules {
  shippingCountries: ReadonlySet<string>;
  billingCountries: ReadonlySet<string>;
  statesByCountry: Readonly<Record<string, readonly string[]>>;
}

const REQUIRED: FieldMessage = { message: 'This field is required.' };
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CARD_NUMBER_PATTERN = /^\d(?:[\s-]?\d){11,18}$/;
const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/;

function tooLong(value: string, max: number | undefined): FieldMessage | null {
  return max !== undefined && value.length > max ? { message: 'Use at most {max} characters.', values: { max } } : null;
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
  const errors: FieldErrors = {};
  for (const field of ADDRESS_FIELDS) {
    if (field === 'country_iso2' || field === 'state') continue;
    const value = address[field];
    const problem = value === '' && !OPTIONAL_ADDRESS_FIELDS.has(field) ? REQUIRED : tooLong(value, MAX_LENGTH[field]);
    if (problem) errors[`${kind}.${field}`] = problem;
  }
  return { ...errors, ...destinationErrors(kind, address, rules) };
}

/**
 * Every problem the shopper can fix before the order is sent to the engine, at once (the
 * engine reports only its first). The engine and the payment provider check again.
 */
export function validateCheckout(values: CheckoutValues, rules: CheckoutRules): FieldErrors {
  const errors: FieldErrors = {};
  if (values.email === '') errors.email = REQUIRED;
  else if (!EMAIL_PATTERN.test(values.email) || values.email.length > MAX_LENGTH.email!) {
    errors.email = { message: 'Enter a valid email address, like name@example.com.' };
  }
  Object.assign(errors, addressErrors('shipping', values.shipping, rules));
  if (!values.billingSameAsShipping) Object.assign(errors, addressErrors('billing', values.billing, rules));
  if (!/^\d{1,9}$/.test(values.shippingMethodId)) errors.shipping_method_id = { message: 'Choose a shipping method.' };
  if (values.cardNumber === '') errors.card_number = REQUIRED;
  else if (!CARD_NUMBER_PATTERN.test(values.cardNumber)) errors.card_number = { message: 'Check the card number.' };
  if (values.expiry === '') errors.expiry = REQUIRED;
  else if (!EXPIRY_PATTERN.test(values.expiry)) errors.expiry = { message: 'Enter the expiry date as MM/YY.' };
  if (values.cvc === '') errors.cvc = REQUIRED;
  else if (!/^\d{3,4}$/.test(values.cvc)) errors.cvc = { message: 'Check the security code.' };
  if (values.holderName === '') errors.holder_name = REQUIRED;
  else {
    const problem = tooLong(values.holderName, MAX_LENGTH.holder_name);
    if (problem) errors.holder_name = problem;
  }
  return errors;
}

/** The engine's checkout input for a validated form. */
export function toCheckoutInput(values: CheckoutValues): CheckoutInput {
  return {
    email: values.email,
    shipping_address: values.shipping,
    ...(values.billingSameAsShipping ? {} : { billing_address: values.billing }),
    shipping_method_id: Number(values.shippingMethodId),
    payment: {
      card_number: values.cardNumber,
      expiry: values.expiry,
      cvc: values.cvc,
      holder_name: values.holderName,
    },
  };
}
