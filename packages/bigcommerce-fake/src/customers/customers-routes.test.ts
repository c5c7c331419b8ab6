import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ACCESS_TOKEN, FAKE_STORE_HASH } from '../demo-store';
import { createBigCommerceFake, type BigCommerceFake } from '../fake-server';

/**
 * The fake's customer endpoints answer the shapes of BigCommerce's reference
 * (github.com/bigcommerce/docs): reference/customers.v3.yml for `/v3/customers`,
 * `/v3/customers/addresses` and `/v3/customers/validate-credentials`; reference/customers.v2.yml
 * for `/v2/customer_groups`.
 */

let fake: BigCommerceFake;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) {
  const response = await fake.app.inject({
    method,
    url: `/stores/${FAKE_STORE_HASH}${path}`,
    headers: { 'x-auth-token': FAKE_ACCESS_TOKEN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as unknown) : null };
}

beforeAll(() => {
  fake = createBigCommerceFake({ storeHash: FAKE_STORE_HASH, accessToken: FAKE_ACCESS_TOKEN });
});
afterAll(() => fake.app.close());

describe('GET /v3/customers', () => {
  it('finds the demo customers by email with the embedded ids, form fields and addresses when included', async () => {
    const { status, body } = await call('GET', '/v3/customers?email:in=pro.us@piste.test&include=formfields,addresses');
    expect(status).toBe(200);
    // `CustomerCollectionResponse`: `{ data: customer_Full[], meta: { pagination } }`.
    expect(body).toMatchObject({
      data: [
        {
          id: 1002,
          email: 'pro.us@piste.test',
          customer_group_id: 3,
          form_fields: [{ name: 'Pro Code', value: '{"code":"PRO-US-DEMO","region":"pro"}' }],
          addresses: [expect.objectContaining({ customer_id: 1002, country_code: 'US' })],
        },
      ],
      meta: { pagination: { total: 1, current_page: 1 } },
    });
    const [customer] = (body as { data: Record<string, unknown>[] }).data;
    expect(customer!.date_modified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(customer).not.toHaveProperty('authentication');
  });

  it('leaves form fields out unless asked for', async () => {
    const { body } = await call('GET', '/v3/customers?id:in=1001');
    expect((body as { data: object[] }).data[0]).not.toHaveProperty('form_fields');
  });
});

describe('POST /v3/customers', () => {
  it('creates customers from an array, and answers 422 with an errors map for a taken email', async () => {
    const created = await call('POST', '/v3/customers', [
      {
        email: 'New.Skier@example.com',
        first_name: 'New',
        last_name: 'Skier',
        authentication: { new_password: 'long-password-1' },
      },
    ]);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ data: [{ email: 'new.skier@example.com', first_name: 'New' }] });

    const taken = await call('POST', '/v3/customers', [
      { email: 'shopper@piste.test', first_name: 'Sam', last_name: 'Again' },
    ]);
    // The reference's example 422: `{ status, title: 'Create customers failed.', type, errors }`.
    expect(taken).toMatchObject({ status: 422, body: { status: 422, title: 'Create customers failed.', errors: {} } });
  });

  it('answers 422 naming a missing required field (first_name, last_name, email)', async () => {
    const { status, body } = await call('POST', '/v3/customers', [{ email: 'x@example.com', first_name: 'X' }]);
    expect(status).toBe(422);
    expect((body as { errors: Record<string, string> }).errors).toHaveProperty('0.last_name');
  });
});

describe('POST /v3/customers/validate-credentials', () => {
  it('answers `{ is_valid, customer_id }`, and 422 without a password', async () => {
    const valid = await call('POST', '/v3/customers/validate-credentials', {
      email: 'shopper@piste.test',
      password: 'piste-demo-shopper',
      channel_id: 1,
    });
    expect(valid).toEqual({ status: 200, body: { is_valid: true, customer_id: 1001 } });
    const wrong = await call('POST', '/v3/customers/validate-credentials', {
      email: 'shopper@piste.test',
      password: 'nope',
    });
    expect(wrong.body).toEqual({ is_valid: false, customer_id: null });
    expect((await call('POST', '/v3/customers/validate-credentials', { email: 'shopper@piste.test' })).status).toBe(
      422,
    );
  });
});

describe('/v3/customers/addresses', () => {
  it('filters by customer_id:in, creates with customer_id, deletes with id:in', async () => {
    const list = await call('GET', '/v3/customers/addresses?customer_id:in=1001');
    expect((list.body as { data: { id: number }[] }).data.map((address) => address.id)).toEqual([1]);
    const created = await call('POST', '/v3/customers/addresses', [
      {
        customer_id: 1001,
        first_name: 'Sam',
        last_name: 'Rivers',
        address1: '5 Lift Line',
        city: 'Vail',
        state_or_province: 'CO',
        postal_code: '81657',
        country_code: 'US',
      },
    ]);
    const [address] = (created.body as { data: { id: number; address_type: string }[] }).data;
    expect(address).toMatchObject({ address_type: 'residential' });
    expect((await call('DELETE', `/v3/customers/addresses?id:in=${address!.id}`)).status).toBe(204);
    const missingState = await call('POST', '/v3/customers/addresses', [
      {
        customer_id: 1001,
        first_name: 'S',
        last_name: 'R',
        address1: 'a',
        city: 'b',
        postal_code: '1',
        country_code: 'US',
      },
    ]);
    expect(missingState.status).toBe(422);
  });
});

describe('/v2/customer_groups', () => {
  it('lists groups with discount rules and RFC 2822 dates, and answers a v2 404 for an unknown one', async () => {
    const { status, body } = await call('GET', '/v2/customer_groups');
    expect(status).toBe(200);
    expect(body).toContainEqual(
      expect.objectContaining({
        id: 3,
        name: 'Pro',
        is_default: false,
        is_group_for_guests: false,
        category_access: { type: 'all' },
        discount_rules: [{ type: 'all', method: 'percent', amount: '30.0000' }],
        date_created: expect.stringMatching(/\+0000$/),
      }),
    );
    expect(await call('GET', '/v2/customer_groups/99')).toMatchObject({ status: 404, body: [{ status: 404 }] });
  });
});
