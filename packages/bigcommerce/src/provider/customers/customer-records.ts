import { eq } from 'drizzle-orm';
import {
  commerceSchema,
  customerStatusOf,
  PRO_CODE_FIELD,
  pricingGroupOf,
  proCodeFieldValue,
  proStanding,
} from '@piste/commerce/server';
import { invalidProCode, type CustomerDto, type CustomerGroupService, type CustomerStatus } from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { bcCredentialsSchema, bcCustomersSchema, type BcCustomer } from './customer-wire';

type ProCode = typeof commerceSchema.proCodes.$inferSelect;

/** Form field values may be numbers or lists on BigCommerce; our DTO carries strings. */
const fieldText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The pro code a customer's 'Pro Code' form field names (`{"code":…,"region":…}`), if any. */
function proCodeNamed(customer: BcCustomer): string | null {
  const value = customer.form_fields.find((field) => field.name === PRO_CODE_FIELD)?.value;
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && 'code' in parsed && typeof parsed.code === 'string'
      ? parsed.code
      : null;
  } catch {
    return null;
  }
}

/**
 * What the customer concerns share on BigCommerce: reading a customer (v3 `GET /customers`
 * with `include=formfields`), their state (group, pro status from the 'Pro Code' form field and
 * our `pro_codes` table), credentials (`POST /customers/validate-credentials`) and pro codes.
 */
export function createCustomerRecords(
  deps: BigCommerceProviderDeps,
  options: { groups: CustomerGroupService; now: () => Date },
) {
  const { client, db, settings } = deps;
  const { groups, now } = options;
  /** Accounts are created on, and credentials checked against, the default region's channel. */
  const channelId = settings.regions.us.channelId;

  async function findCustomers(query: Record<string, string | number>, include = 'formfields'): Promise<BcCustomer[]> {
    const answer = await client.v3<unknown>('/customers', { query: { ...query, include } });
    return client.parse('GET /v3/customers', bcCustomersSchema, answer.data);
  }

  const fetchCustomer = async (id: number) => (await findCustomers({ 'id:in': id }))[0] ?? null;
  const fetchByEmail = async (email: string) =>
    (await findCustomers({ 'email:in': email.trim().toLowerCase() }))[0] ?? null;

  async function proCodeRow(code: string): Promise<ProCode | null> {
    const [row] = await db.select().from(commerceSchema.proCodes).where(eq(commerceSchema.proCodes.code, code));
    return row ?? null;
  }

  const groupOfCode = (code: ProCode) => settings.regions[code.region].customerGroupId ?? code.customerGroupId;

  /**
   * Takes an expired pro out of the pro group on BigCommerce too (group 0: the store's default),
   * so the hosted checkout stops giving the pro discount. Best effort: the status already
   * answers default pricing, and the next read tries again.
   */
  async function leaveProGroup(customerId: number): Promise<void> {
    await client
      .v3('/customers', { method: 'PUT', json: [{ id: customerId, customer_group_id: 0 }] })
      .catch((error: unknown) =>
        deps.logger.warn('[bigcommerce] Could not end an expired pro membership', { customerId, error: String(error) }),
      );
  }

  async function statusOf(customer: BcCustomer): Promise<CustomerStatus> {
    const formFields = customer.form_fields.map((field) => ({ name: field.name, value: fieldText(field.value) }));
    const codeName = proCodeNamed(customer);
    const code = codeName ? await proCodeRow(codeName) : null;
    const proExpiresAt = code?.proExpiresAt ?? null;
    const { region, expired, isPro } = proStanding({ formFields, notes: customer.notes, proExpiresAt }, now());
    if (code && expired && customer.customer_group_id === groupOfCode(code)) await leaveProGroup(customer.id);
    // A group joined with a pro code lasts as long as the pro status; then default pricing applies.
    const ownGroupId = customer.customer_group_id === 0 || (code && expired) ? null : customer.customer_group_id;
    const group = await pricingGroupOf(groups, ownGroupId);
    const isEmployee = group?.is_employee_group ?? false;
    const dto: CustomerDto = {
      id: customer.id,
      email: customer.email,
      first_name: customer.first_name,
      last_name: customer.last_name,
      company: customer.company,
      phone: customer.phone,
      customer_group_id: group?.id ?? 0,
      notes: customer.notes,
      accepts_marketing: customer.accepts_product_review_abandoned_cart_emails,
      form_fields: formFields,
      date_created: new Date(customer.date_created).toISOString(),
      date_modified: new Date(customer.date_modified).toISOString(),
      is_pro: isPro,
      pro_region: isPro ? region : null,
      pro_expiration_date: proExpiresAt?.toISOString() ?? null,
      is_employee: isEmployee,
    };
    return customerStatusOf(dto, { group, isPro, region, proExpiresAt, spendLimit: code?.spendLimit ?? null });
  }

  /** BigCommerce checks the password: whose account it opens, or null. */
  async function credentialsOwner(email: string, password: string): Promise<number | null> {
    const answer = await client.v3<unknown>('/customers/validate-credentials', {
      method: 'POST',
      json: { email: email.trim().toLowerCase(), password, channel_id: channelId },
    });
    // The endpoint answers its object bare, not inside `data` (reference example `{ is_valid, customer_id }`).
    const result = client.parse('POST /v3/customers/validate-credentials', bcCredentialsSchema, answer);
    return result.is_valid ? result.customer_id : null;
  }

  /** A pro code a shopper may join with now, or the refusal. */
  async function usableProCode(code: string): Promise<ProCode> {
    const found = await proCodeRow(code.toUpperCase());
    const moment = now().getTime();
    if (!found || (found.validUntil !== null && found.validUntil.getTime() <= moment)) throw invalidProCode();
    if (found.proExpiresAt.getTime() <= moment) throw invalidProCode();
    return found;
  }

  /** What joining with a code writes on the customer: the region's pro group and the 'Pro Code' form field. */
  function proCodeChanges(code: ProCode) {
    return {
      customer_group_id: groupOfCode(code),
      form_fields: [{ name: PRO_CODE_FIELD, value: proCodeFieldValue(code.code, code.region) }],
    };
  }

  return {
    channelId,
    findCustomers,
    fetchCustomer,
    fetchByEmail,
    statusOf,
    credentialsOwner,
    usableProCode,
    proCodeChanges,
  };
}

export type CustomerRecords = ReturnType<typeof createCustomerRecords>;
