import { accountCreatedEmail, enqueueEmail } from '@piste/commerce/server';
import { localizePath } from '@piste/core';
import { BigCommerceError } from '../../client/bigcommerce-error';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { bcCustomersSchema } from './customer-wire';
import {
  customerNotFound,
  emailTaken,
  newPasswordRefused,
  passwordProblem,
  wrongCredentials,
  wrongCurrentPassword,
  type CustomerAccounts,
  type CustomerCreateInput,
  type CustomerStatus,
  type CustomerUpdateInput,
} from '@piste/commerce';
import type { CustomerRecords } from './customer-records';

/**
 * Accounts on BigCommerce (reference/customers.v3.yml `/customers`, `/customers/validate-credentials`):
 * BigCommerce keeps and checks passwords; our password policy applies before one is sent, and the
 * welcome email is ours (the outbox), as on the embedded engine.
 */
export function createCustomerAccounts(deps: BigCommerceProviderDeps, records: CustomerRecords): CustomerAccounts {
  const { client } = deps;
  const { channelId, credentialsOwner, fetchByEmail, fetchCustomer, proCodeChanges, statusOf, usableProCode } = records;

  /** A 422 on create or update is a taken email when another account has it; anything else stays BigCommerce's refusal. */
  async function explainRefusal(error: unknown, email: string | undefined, ownId?: number): Promise<never> {
    if (error instanceof BigCommerceError && error.status === 422 && email !== undefined) {
      const holder = await fetchByEmail(email);
      if (holder && holder.id !== ownId) throw emailTaken();
    }
    throw error;
  }

  async function loadCustomer(id: number) {
    const customer = await fetchCustomer(id);
    if (!customer) throw customerNotFound(id);
    return customer;
  }

  async function assertPassword(id: number, email: string, password: string): Promise<void> {
    if ((await credentialsOwner(email, password)) !== id) throw wrongCurrentPassword();
  }

  const accounts: CustomerAccounts = {
    async create(input: CustomerCreateInput, locale: string): Promise<CustomerStatus> {
      const code = input.pro_code ? await usableProCode(input.pro_code) : null;
      const body = {
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        company: input.company,
        phone: input.phone,
        accepts_product_review_abandoned_cart_emails: input.accepts_marketing,
        authentication: { new_password: input.password },
        channel_ids: [channelId],
        ...(code ? proCodeChanges(code) : {}),
      };
      const answer = await client
        .v3<unknown>('/customers', { method: 'POST', json: [body] })
        .catch((error: unknown) => explainRefusal(error, input.email));
      const [created] = client.parse('POST /v3/customers', bcCustomersSchema.min(1), answer.data);
      const state = await statusOf(created!);
      const accountUrl = `${deps.publicUrl.replace(/\/+$/, '')}${localizePath(locale, '/account')}`;
      await enqueueEmail(deps.db, {
        kind: 'account_created',
        recipient: input.email,
        ...accountCreatedEmail({ locale, firstName: input.first_name, accountUrl, isPro: state.isPro }),
      });
      return state;
    },

    async authenticate(email: string, password: string): Promise<CustomerStatus> {
      const id = await credentialsOwner(email, password);
      const customer = id === null ? null : await fetchCustomer(id);
      if (!customer) throw wrongCredentials();
      return statusOf(customer);
    },

    async status(id: number): Promise<CustomerStatus | null> {
      const customer = await fetchCustomer(id);
      return customer ? statusOf(customer) : null;
    },

    async findByEmail(email: string): Promise<CustomerStatus | null> {
      const customer = await fetchByEmail(email);
      return customer ? statusOf(customer) : null;
    },

    async update(id: number, input: CustomerUpdateInput): Promise<CustomerStatus> {
      const customer = await loadCustomer(id);
      if (input.current_password !== undefined) await assertPassword(id, customer.email, input.current_password);
      const email = input.email ?? customer.email;
      if (input.new_password !== undefined) {
        const problem = passwordProblem(input.new_password, email);
        if (problem) throw newPasswordRefused(problem);
      }
      const code = input.pro_code ? await usableProCode(input.pro_code) : null;
      const body = {
        id,
        first_name: input.first_name,
        last_name: input.last_name,
        company: input.company,
        phone: input.phone,
        accepts_product_review_abandoned_cart_emails: input.accepts_marketing,
        email: input.email,
        ...(input.new_password === undefined ? {} : { authentication: { new_password: input.new_password } }),
        ...(code ? proCodeChanges(code) : {}),
      };
      const answer = await client
        .v3<unknown>('/customers', { method: 'PUT', json: [body] })
        .catch((error: unknown) => explainRefusal(error, input.email, id));
      const [updated] = client.parse('PUT /v3/customers', bcCustomersSchema.min(1), answer.data);
      return statusOf(updated!);
    },

    /**
     * Deletes the account, confirmed with the password. BigCommerce keeps the customer's orders
     * (with their addresses) for the shop's books; it offers no call to anonymise them.
     */
    async delete(id: number, password: string): Promise<void> {
      const customer = await loadCustomer(id);
      await assertPassword(id, customer.email, password);
      await client.v3('/customers', { method: 'DELETE', query: { 'id:in': [id] } });
    },

    async validateCredentials(email: string, password: string) {
      const id = await credentialsOwner(email, password);
      return id === null ? { is_valid: false, customer_id: null } : { is_valid: true, customer_id: id };
    },
  };
  return accounts;
}
