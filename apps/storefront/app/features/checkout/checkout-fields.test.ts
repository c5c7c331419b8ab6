import { describe, expect, it } from 'vitest';
import {
  fieldId,
  readCheckoutForm,
  readPaymentIntentId,
  summaryLabel,
  toCheckoutInput,
  validateCheckout,
  type CheckoutRules,
} from './checkout-fields';

const rules: CheckoutRules = {
  shippingCountries: new Set(['US']),
  billingCountries: new Set(['US', 'DE']),
  statesByCountry: { US: ['UT', 'CA'] },
};

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const complete = {
  email: ' Mara@Example.com ',
  'shipping.first_name': 'Mara',
  'shipping.last_name': 'Lindqvist',
  'shipping.street_1': '2100 S State St',
  'shipping.city': 'Salt Lake City',
  'shipping.state': 'UT',
  'shipping.zip': '84115',
  'shipping.country_iso2': 'us',
  billing_same: 'on',
  shipping_method_id: '102',
};

describe('readCheckoutForm and toCheckoutInput', () => {
  it('map a complete form and its confirmed payment to the engine input, billing to the shipping address when ticked', () => {
    const values = readCheckoutForm(form(complete));
    expect(validateCheckout(values, rules)).toEqual({});
    expect(toCheckoutInput(values, 'pi_test_1')).toEqual({
      email: 'Mara@Example.com',
      shipping_address: {
        first_name: 'Mara',
        last_name: 'Lindqvist',
        street_1: '2100 S State St',
        street_2: '',
        city: 'Salt Lake City',
        state: 'UT',
        zip: '84115',
        country_iso2: 'US',
        phone: '',
      },
      shipping_method_id: 102,
      payment: { intent_id: 'pi_test_1' },
    });
  });

  it('sends a billing address of its own when the box is unticked', () => {
    const { billing_same: _same, ...rest } = complete;
    const values = readCheckoutForm(
      form({
        ...rest,
        'billing.first_name': 'Jon',
        'billing.last_name': 'Berg',
        'billing.street_1': 'Hauptstr. 1',
        'billing.city': 'München',
        'billing.zip': '80331',
        'billing.country_iso2': 'DE',
      }),
    );
    expect(validateCheckout(values, rules)).toEqual({});
    expect(toCheckoutInput(values, 'pi_test_1').billing_address).toMatchObject({
      city: 'München',
      country_iso2: 'DE',
      state: '',
    });
  });

  it('reads files and missing fields as empty text', () => {
    const data = form({});
    data.set('email', new File(['x'], 'x.txt'));
    expect(readCheckoutForm(data)).toMatchObject({ email: '', billingSameAsShipping: false, shippingMethodId: '' });
  });

  it('read a payment intent id only when it has the shape of one', () => {
    expect(readPaymentIntentId(form({ payment_intent_id: ' pi_test_3Abc ' }))).toBe('pi_test_3Abc');
    expect(readPaymentIntentId(form({}))).toBeNull();
    expect(readPaymentIntentId(form({ payment_intent_id: 'pi_1; drop table' }))).toBeNull();
    expect(readPaymentIntentId(form({ payment_intent_id: 'p'.repeat(256) }))).toBeNull();
  });
});

describe('validateCheckout', () => {
  it('reports every problem at once, by field', () => {
    const errors = validateCheckout(
      readCheckoutForm(form({ 'shipping.country_iso2': 'US', billing_same: 'on' })),
      rules,
    );
    expect(Object.keys(errors).sort()).toEqual(
      [
        'email',
        'shipping.first_name',
        'shipping.last_name',
        'shipping.street_1',
        'shipping.city',
        'shipping.zip',
        'shipping.state',
        'shipping_method_id',
      ].sort(),
    );
    expect(errors.email).toEqual({ message: 'This field is required.' });
    expect(errors['shipping.state']).toEqual({ message: 'Choose a state or province.' });
  });

  it.each([
    ['email', 'not-an-email', 'email', 'Enter a valid email address, like name@example.com.'],
    ['shipping.country_iso2', 'DE', 'shipping.country_iso2', 'Choose a country we ship to.'],
    ['shipping.state', 'XX', 'shipping.state', 'Choose a state or province.'],
    ['shipping_method_id', 'cheap', 'shipping_method_id', 'Choose a shipping method.'],
  ] as const)('refuses %s = %s', (name, value, field, message) => {
    expect(validateCheckout(readCheckoutForm(form({ ...complete, [name]: value })), rules)[field]).toEqual({
      message,
    });
  });

  it('names the limit of a field that is too long', () => {
    const errors = validateCheckout(readCheckoutForm(form({ ...complete, 'shipping.city': 'x'.repeat(81) })), rules);
    expect(errors['shipping.city']).toEqual({ message: 'Use at most {max} characters.', values: { max: 80 } });
  });

  it('checks the billing address only when it differs from the shipping address', () => {
    const { billing_same: _same, ...rest } = complete;
    const errors = validateCheckout(readCheckoutForm(form({ ...rest, 'billing.country_iso2': 'FR' })), rules);
    expect(errors).toMatchObject({
      'billing.first_name': { message: 'This field is required.' },
      'billing.country_iso2': { message: 'Choose a country.' },
    });
  });
});

describe('field names', () => {
  it('give stable ids and summary labels that tell billing from shipping', () => {
    expect(fieldId('shipping.first_name')).toBe('checkout-shipping-first-name');
    expect(fieldId('shipping_method_id')).toBe('checkout-shipping-method-id');
    const t = (title: string) => title;
    expect(summaryLabel('billing.zip', t)).toBe('Billing: Postal code');
    expect(summaryLabel('shipping.zip', t)).toBe('Postal code');
    expect(summaryLabel('shipping_method_id', t)).toBe('Shipping method');
  });
});
