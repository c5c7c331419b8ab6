import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commerceSchema,
  createCustomerSeed,
  referenceDataSeed,
  type CustomerAddressInput,
  type CustomerCreateInput,
} from '@piste/commerce/server';
import { runSeeds } from '@piste/db';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { createBigCommerceCustomers } from '../src/provider/customers/bigcommerce-customers';
import { startFakeStore } from './fake-store';

/**
 * The customer service over the BigCommerce stand-in: the embedded service's behaviour (refusals,
 * address rules, pro status, reset links) on BigCommerce's v3 customers and v2 customer groups
 * (github.com/bigcommerce/docs reference/customers.v3.yml, reference/customers.v2.yml).
 */

const SHOPPER = { id: 1001, email: 'shopper@piste.test', password: 'piste-demo-shopper' };
const PRO_US = { id: 1002, email: 'pro.us@piste.test', password: 'piste-demo-pro-us' };
const EMPLOYEE = { id: 1004, email: 'employee@piste.test', password: 'piste-demo-employee' };
const DAY_MS = 24 * 60 * 60 * 1000;

const address = (overrides: Partial<CustomerAddressInput> = {}): CustomerAddressInput => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: '',
  address1: '12 Snow Road',
  address2: '',
  city: 'Denver',
  state_or_province: 'CO',
  postal_code: '80202',
  country_code: 'US',
  phone: '',
  address_type: 'residential',
  is_default: false,
  ...overrides,
});

let emails = 0;
const newAccount = (overrides: Partial<CustomerCreateInput> = {}): CustomerCreateInput => ({
  email: `skier-${(emails += 1)}@example.com`,
  password: 'powder-day-over-the-ridge',
  first_name: 'Noa',
  last_name: 'Berg',
  company: '',
  phone: '',
  accepts_marketing: false,
  ...overrides,
});

describe.each(testDatabaseKinds())('BigCommerce customers on $name', (kind) => {
  let testDatabase: TestDatabase;
  let store: Awaited<ReturnType<typeof startFakeStore>>;
  let clock = new Date();
  const service = () => createBigCommerceCustomers(store.deps(testDatabase.database.db), { now: () => clock });

  beforeAll(async () => {
    testDatabase = await kind.create();
    await runSeeds(testDatabase.database.db, [referenceDataSeed, createCustomerSeed()]);
    store = await startFakeStore({ rateLimit: { quota: 10_000, windowMs: 30_000 } });
  });
  afterAll(async () => {
    await store.close();
    await testDatabase.dispose();
  });

  const outboxTo = (recipient: string) =>
    testDatabase.database.db
      .select()
      .from(commerceSchema.emailOutbox)
      .where(eq(commerceSchema.emailOutbox.recipient, recipient));

  describe('groups', () => {
    it('lists BigCommerce’s v2 groups with their discount rules, the guest and default flags and the employee group', async () => {
      const { customerGroups } = service();
      const groups = await customerGroups.list();
      expect(groups.map((group) => [group.id, group.name, group.is_employee_group])).toEqual([
        [1, 'Guests', false],
        [2, 'Shoppers', false],
        [3, 'Pro', false],
        [4, 'Employees', true],
      ]);
      expect(groups[2]!.discount_rules).toEqual([{ type: 'all', method: 'percent', amount: '30.0000' }]);
      expect((await customerGroups.list({ isGroupForGuests: true })).map((group) => group.id)).toEqual([1]);
      expect((await customerGroups.defaultGroup())?.id).toBe(2);
      await expect(customerGroups.get(99)).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    });
  });

  describe('accounts', () => {
    it('signs in with the right password, and gives one refusal for a wrong password or an unknown email', async () => {
      const { customers } = service();
      const state = await customers.authenticate(SHOPPER.email, SHOPPER.password);
      expect(state.customer).toMatchObject({ id: SHOPPER.id, email: SHOPPER.email, customer_group_id: 2 });
      const refusal = {
        kind: 'UNAUTHORIZED',
        code: 'INVALID_CREDENTIALS',
        message: 'The email or password is incorrect.',
      };
      await expect(customers.authenticate(SHOPPER.email, 'not-the-password')).rejects.toMatchObject(refusal);
      await expect(customers.authenticate('nobody@example.com', SHOPPER.password)).rejects.toMatchObject(refusal);
      expect(await customers.validateCredentials(SHOPPER.email, SHOPPER.password)).toEqual({
        is_valid: true,
        customer_id: SHOPPER.id,
      });
      expect(await customers.validateCredentials(SHOPPER.email, 'wrong')).toEqual({
        is_valid: false,
        customer_id: null,
      });
    });

    it('creates an account on the channel with BigCommerce keeping the password, and sends our welcome email', async () => {
      const { customers } = service();
      const input = newAccount();
      const state = await customers.create(input, 'en');
      expect(state.customer).toMatchObject({ email: input.email, first_name: 'Noa', is_pro: false });
      expect(state.customer.id).toBeGreaterThan(1004);
      const sent = store.fake.requests.findLast(
        (request) => request.method === 'POST' && request.path === '/v3/customers',
      );
      expect(sent?.body).toEqual([
        expect.objectContaining({ authentication: { new_password: input.password }, channel_ids: [1] }),
      ]);
      expect((await customers.authenticate(input.email, input.password)).customer.id).toBe(state.customer.id);
      expect(await outboxTo(input.email)).toHaveLength(1);
      expect((await customers.findByEmail(input.email.toUpperCase()))?.customer.id).toBe(state.customer.id);
    });

    it('refuses a taken email with the embedded service’s conflict', async () => {
      const { customers } = service();
      await expect(customers.create(newAccount({ email: SHOPPER.email }), 'en')).rejects.toMatchObject({
        kind: 'CONFLICT',
        code: 'EMAIL_TAKEN',
      });
      const other = await customers.create(newAccount(), 'en');
      await expect(
        customers.update(other.customer.id, { email: SHOPPER.email, current_password: 'powder-day-over-the-ridge' }),
      ).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
    });

    it('changes the profile, and the password only with the current one and within the policy', async () => {
      const { customers } = service();
      const { customer } = await customers.create(newAccount(), 'en');
      expect((await customers.update(customer.id, { first_name: 'Ines' })).customer.first_name).toBe('Ines');
      await expect(
        customers.update(customer.id, { new_password: 'another-long-password', current_password: 'wrong-one' }),
      ).rejects.toMatchObject({ code: 'INVALID_PASSWORD', message: 'The current password is incorrect.' });
      await expect(
        customers.update(customer.id, { new_password: customer.email, current_password: 'powder-day-over-the-ridge' }),
      ).rejects.toMatchObject({ code: 'INVALID_PARAMETER' });
      await customers.update(customer.id, {
        new_password: 'another-long-password',
        current_password: 'powder-day-over-the-ridge',
      });
      expect((await customers.authenticate(customer.email, 'another-long-password')).customer.id).toBe(customer.id);
      await expect(customers.update(99_999, { first_name: 'X' })).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    });

    it('deletes an account only with its password; its status is then null', async () => {
      const { customers } = service();
      const { customer } = await customers.create(newAccount(), 'en');
      await expect(customers.delete(customer.id, 'wrong-password')).rejects.toMatchObject({ code: 'INVALID_PASSWORD' });
      await customers.delete(customer.id, 'powder-day-over-the-ridge');
      expect(await customers.status(customer.id)).toBeNull();
    });
  });

  describe('address books', () => {
    it('makes the first address the default, moves it on request, and hands it to the oldest when removed', async () => {
      const { customers } = service();
      const { customer } = await customers.create(newAccount(), 'en');
      const first = await customers.addAddress(customer.id, address({ address1: '1 First Street' }));
      expect(first.is_default).toBe(true);
      const second = await customers.addAddress(customer.id, address({ address1: '2 Second Street' }));
      expect(second.is_default).toBe(false);
      const third = await customers.addAddress(customer.id, address({ address1: '3 Third Street', is_default: true }));
      expect(third.is_default).toBe(true);
      expect((await customers.listAddresses(customer.id)).map((a) => [a.address1, a.is_default])).toEqual([
        ['3 Third Street', true],
        ['1 First Street', false],
        ['2 Second Street', false],
      ]);
      const moved = await customers.updateAddress(customer.id, { id: second.id, city: 'Aspen', is_default: true });
      expect(moved).toMatchObject({ city: 'Aspen', is_default: true });
      await customers.removeAddress(customer.id, second.id);
      expect((await customers.listAddresses(customer.id)).map((a) => [a.address1, a.is_default])).toEqual([
        ['1 First Street', true],
        ['3 Third Street', false],
      ]);
    });

    it('answers NOT_FOUND for another customer’s address', async () => {
      const { customers } = service();
      const [shoppersAddress] = await customers.listAddresses(SHOPPER.id);
      expect(shoppersAddress).toMatchObject({ customer_id: SHOPPER.id, is_default: true });
      const message = `Address ${shoppersAddress!.id} does not exist.`;
      await expect(
        customers.updateAddress(PRO_US.id, { id: shoppersAddress!.id, city: 'Elsewhere' }),
      ).rejects.toMatchObject({ kind: 'NOT_FOUND', message });
      await expect(customers.removeAddress(PRO_US.id, shoppersAddress!.id)).rejects.toMatchObject({
        kind: 'NOT_FOUND',
      });
      expect((await customers.listAddresses(SHOPPER.id))[0]?.city).toBe(shoppersAddress!.city);
    });

    it('refuses a 51st address', async () => {
      const { customers } = service();
      const { customer } = await customers.create(newAccount(), 'en');
      const addresses = store.fake.state.customers.addresses;
      for (let index = 0; index < 50; index += 1) {
        const id = store.fake.state.customers.nextAddressId++;
        addresses.set(id, { ...address({ address1: `${index} Long Lane` }), id, customer_id: customer.id });
      }
      await expect(customers.addAddress(customer.id, address())).rejects.toMatchObject({
        kind: 'INVALID_DATA',
        code: 'TOO_MANY_ADDRESSES',
      });
    });
  });

  describe('the pro programme', () => {
    it('reads pro status, expiry, spend limit and the group discount from the Pro Code field and our pro codes', async () => {
      const { customers } = service();
      const state = (await customers.status(PRO_US.id))!;
      expect(state).toMatchObject({ isPro: true, proRegion: 'pro', isEmployee: false, spendLimit: 3000 });
      expect(state.proExpiresAt?.getTime()).toBeGreaterThan(Date.now());
      expect(state.priceAdjustment).toEqual({
        groupId: 3,
        rules: [{ type: 'all', method: 'percent', amount: '30.0000' }],
      });
      const employee = (await customers.status(EMPLOYEE.id))!;
      expect(employee).toMatchObject({ isPro: false, isEmployee: true });
      expect(employee.customer.is_employee).toBe(true);
    });

    it('joins with a code: the region’s BigCommerce group and the Pro Code form field', async () => {
      const { customers } = service();
      const { customer } = await customers.create(newAccount(), 'en');
      const state = await customers.applyProCode(customer.id, 'pro-eu-demo');
      expect(state).toMatchObject({ isPro: true, proRegion: 'pro_eu_region_1', spendLimit: 2500 });
      const kept = store.fake.state.customers.customers.get(customer.id)!;
      expect(kept.customer_group_id).toBe(3);
      expect(kept.form_fields).toContainEqual({
        name: 'Pro Code',
        value: JSON.stringify({ code: 'PRO-EU-DEMO', region: 'pro_eu_region_1' }),
      });
    });

    it('refuses unknown and retired codes, and signs a pro up with a code at creation', async () => {
      const { customers } = service();
      const { customer } = await customers.create(newAccount(), 'en');
      for (const code of ['NO-SUCH-CODE', 'PRO-RETIRED']) {
        await expect(customers.applyProCode(customer.id, code)).rejects.toMatchObject({ code: 'INVALID_PRO_CODE' });
      }
      const pro = await customers.create(newAccount({ pro_code: 'PRO-CA-DEMO' }), 'en');
      expect(pro).toMatchObject({ isPro: true, proRegion: 'pro_ca' });
    });

    it('drops pro status and the pro group’s pricing once the code’s pro status has expired, on BigCommerce too', async () => {
      const pro = await service().customers.create(newAccount({ pro_code: 'PRO-US-DEMO' }), 'en');
      clock = new Date(Date.now() + 400 * DAY_MS);
      try {
        const state = (await service().customers.status(pro.customer.id))!;
        expect(state).toMatchObject({ isPro: false, proRegion: null });
        expect(state.group?.id).toBe(2);
        expect(state.priceAdjustment).toBeUndefined();
        // The hosted checkout prices by the BigCommerce group: the customer has left the pro group there.
        expect(store.fake.state.customers.customers.get(pro.customer.id)?.customer_group_id).toBe(0);
      } finally {
        clock = new Date();
      }
    });
  });

  describe('password resets', () => {
    it('emails a link whose token works once, then no longer', async () => {
      const { customers } = service();
      const input = newAccount();
      const { customer } = await customers.create(input, 'en');
      const reset = await customers.createPasswordReset(input.email, 'en');
      expect(reset?.customerId).toBe(customer.id);
      const emailed = await outboxTo(input.email);
      expect(emailed.some((email) => email.kind === 'password_reset' && email.text.includes(reset!.token))).toBe(true);
      expect(await customers.passwordResetUsable(reset!.token)).toBe(true);
      expect(await customers.resetPassword(reset!.token, 'fresh-snow-on-the-peaks')).toBe(customer.id);
      expect((await customers.authenticate(input.email, 'fresh-snow-on-the-peaks')).customer.id).toBe(customer.id);
      expect(await customers.passwordResetUsable(reset!.token)).toBe(false);
      await expect(customers.resetPassword(reset!.token, 'another-fresh-password')).rejects.toMatchObject({
        code: 'RESET_TOKEN_INVALID',
      });
    });

    it('refuses an expired or forged token, and answers null for an email without an account', async () => {
      const { customers } = service();
      const reset = await customers.createPasswordReset(SHOPPER.email, 'en');
      const forged = `${reset!.token.slice(0, 63)}${reset!.token.endsWith('0') ? '1' : '0'}`;
      expect(await customers.passwordResetUsable(forged)).toBe(false);
      clock = new Date(Date.now() + 61 * 60_000);
      try {
        expect(await customers.passwordResetUsable(reset!.token)).toBe(false);
        await expect(customers.resetPassword(reset!.token, 'fresh-snow-on-the-peaks')).rejects.toMatchObject({
          code: 'RESET_TOKEN_INVALID',
        });
      } finally {
        clock = new Date();
      }
      expect(await customers.createPasswordReset('nobody@example.com', 'en')).toBeNull();
      expect(await outboxTo('nobody@example.com')).toHaveLength(0);
    });
  });
});
