import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SeedStep, SeedTx } from '@piste/db';
import { hashPassword } from '../customers/passwords.server';
import { proCodeFieldValue, PRO_CODE_FIELD } from '../customers/pro-status';
import { customerAddresses, customerGroups, customers, PRO_CODE_REGIONS, proCodes } from '../schema/index';
import { readSeedJson } from './load-source';

const DAY_MS = 24 * 60 * 60 * 1000;
const id = z.number().int().positive();

const ruleSchema = z.strictObject({
  type: z.enum(['all', 'category', 'product']),
  method: z.literal('percent'),
  amount: z.string().regex(/^\d{1,3}(\.\d{1,4})?$/),
  category_id: id.optional(),
  product_id: id.optional(),
});

const addressSchema = z.strictObject({
  first_name: z.string().min(1),
  last_name: z.string().min(1),
  company: z.string().default(''),
  address1: z.string().min(1),
  city: z.string().min(1),
  state_or_province: z.string().default(''),
  postal_code: z.string().min(1),
  country_code: z.string().regex(/^[A-Z]{2}$/),
  phone: z.string().default(''),
  address_type: z.enum(['residential', 'commercial']).default('residential'),
});

const customersSeedSchema = z.strictObject({
  groups: z.array(
    z.strictObject({
      id,
      name: z.string().min(1),
      is_default: z.boolean().default(false),
      is_group_for_guests: z.boolean().default(false),
      is_employee_group: z.boolean().default(false),
      discount_rules: z.array(ruleSchema),
    }),
  ),
  pro_codes: z.array(
    z.strictObject({
      code: z.string().regex(/^[A-Z0-9-]+$/),
      region: z.enum(PRO_CODE_REGIONS),
      customer_group_id: id,
      /** Relative, so the demo's pro status never lapses on an old checkout. */
      pro_expires_in_days: z.number().int(),
      /** Days new sign-ups may use the code; negative makes a code that is no longer accepted. */
      valid_for_days: z.number().int().optional(),
      spend_limit: z.number().int().positive(),
    }),
  ),
  customers: z.array(
    z.strictObject({
      email: z.email(),
      password: z.string().min(10),
      first_name: z.string().min(1),
      last_name: z.string().min(1),
      company: z.string().default(''),
      customer_group_id: id.optional(),
      pro_code: z.string().optional(),
      addresses: z.array(addressSchema),
    }),
  ),
});

const SOURCE = 'commerce/customers.json';

export type SeedCustomers = z.output<typeof customersSeedSchema>;

/** The demo customers, groups and pro codes (data/seed/commerce/customers.json), validated. */
export function readSeedCustomers(): SeedCustomers {
  return readSeedJson(SOURCE, customersSeedSchema);
}

/**
 * Customer groups, pro codes and the demo accounts of the README (docs/accounts.md 'Pro programme'), loaded once into a
 * shop without any: a shopper's changes to a demo account, and the merchant's to groups and
 * codes, survive restarts.
 */
export function createCustomerSeed(): SeedStep {
  const seed = readSeedCustomers();
  return {
    name: 'customers',
    version: createHash('sha256').update(JSON.stringify(seed)).digest('hex').slice(0, 12),
    tables: [customerGroups, proCodes, customers],
    async run(tx) {
      const now = Date.now();
      const codes = await insertGroupsAndCodes(tx, seed, now);
      for (const account of seed.customers) {
        const code = account.pro_code ? codes.get(account.pro_code) : undefined;
        if (account.pro_code && !code)
          throw new Error(`${SOURCE}: ${account.email} names unknown pro code ${account.pro_code}`);
        const [created] = await tx
          .insert(customers)
          .values({
            email: account.email.toLowerCase(),
            passwordHash: await hashPassword(account.password),
            firstName: account.first_name,
            lastName: account.last_name,
            company: account.company,
            customerGroupId: code?.customer_group_id ?? account.customer_group_id ?? null,
            proCode: code?.code ?? null,
            proExpiresAt: code ? new Date(now + code.pro_expires_in_days * DAY_MS) : null,
            formFields: code ? [{ name: PRO_CODE_FIELD, value: proCodeFieldValue(code.code, code.region) }] : [],
          })
          .returning({ id: customers.id });
        if (account.addresses.length === 0) continue;
        await tx.insert(customerAddresses).values(
          account.addresses.map((address, index) => ({
            customerId: created!.id,
            firstName: address.first_name,
            lastName: address.last_name,
            company: address.company,
            address1: address.address1,
            city: address.city,
            stateOrProvince: address.state_or_province,
            postalCode: address.postal_code,
            countryCode: address.country_code,
            phone: address.phone,
            addressType: address.address_type,
            isDefault: index === 0,
          })),
        );
      }
    },
  };
}

/**
 * The demo's customer groups and pro codes alone, for a shop whose customers BigCommerce keeps:
 * the merchant issues pro codes with us (docs/providers/bigcommerce.md 'Customers and the pro
 * programme'), each naming one of the store's customer groups, which this table mirrors.
 */
export function createProCodeSeed(): SeedStep {
  const seed = readSeedJson(SOURCE, customersSeedSchema);
  return {
    name: 'pro-codes',
    version: createHash('sha256')
      .update(JSON.stringify([seed.groups, seed.pro_codes]))
      .digest('hex')
      .slice(0, 12),
    tables: [customerGroups, proCodes],
    async run(tx) {
      await insertGroupsAndCodes(tx, seed, Date.now());
    },
  };
}

type CustomersSeed = z.infer<typeof customersSeedSchema>;

async function insertGroupsAndCodes(tx: SeedTx, seed: CustomersSeed, now: number) {
  await tx.insert(customerGroups).values(
    seed.groups.map((group) => ({
      id: group.id,
      name: group.name,
      isDefault: group.is_default,
      isGroupForGuests: group.is_group_for_guests,
      isEmployeeGroup: group.is_employee_group,
      discountRules: group.discount_rules,
    })),
  );
  const codes = new Map(seed.pro_codes.map((code) => [code.code, code]));
  await tx.insert(proCodes).values(
    seed.pro_codes.map((code) => ({
      code: code.code,
      region: code.region,
      customerGroupId: code.customer_group_id,
      proExpiresAt: new Date(now + code.pro_expires_in_days * DAY_MS),
      validUntil: code.valid_for_days === undefined ? null : new Date(now + code.valid_for_days * DAY_MS),
      spendLimit: code.spend_limit,
    })),
  );
  return codes;
}
