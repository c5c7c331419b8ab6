import {
  addressNotFound,
  customerNotFound,
  MAX_ADDRESSES,
  type CustomerAddressDto,
  type CustomerAddresses,
  type CustomerAddressInput,
  type CustomerAddressUpdateInput,
} from '@piste/commerce';
import { DomainError } from '@piste/core';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { bcAddressesSchema, type BcAddress } from './customer-wire';
import type { CustomerRecords } from './customer-records';

/**
 * BigCommerce addresses have no default flag: the customer's 'Default Address' form field names
 * the default's id, and when it names none that exists (never set, or that address removed) the
 * oldest address is the default — the embedded rules, without a write on removal.
 */
export const DEFAULT_ADDRESS_FIELD = 'Default Address';

const toAddressDto = (address: BcAddress, defaultId: number | null): CustomerAddressDto => ({
  ...address,
  is_default: address.id === defaultId,
});

/** Address books over `/v3/customers/addresses` (reference/customers.v3.yml), at most `MAX_ADDRESSES` long. */
export function createCustomerAddresses(deps: BigCommerceProviderDeps, records: CustomerRecords): CustomerAddresses {
  const { client } = deps;

  /** The customer's addresses, oldest first, and which one is the default. */
  async function book(customerId: number): Promise<{ addresses: BcAddress[]; defaultId: number | null }> {
    const customer = await records.fetchCustomer(customerId);
    if (!customer) throw customerNotFound(customerId);
    const raw = await client.v3All<unknown>('/customers/addresses', { 'customer_id:in': [customerId] });
    const addresses = client
      .parse('GET /v3/customers/addresses', bcAddressesSchema, raw)
      .filter((address) => address.customer_id === customerId)
      .sort((a, b) => a.id - b.id);
    const named = Number(customer.form_fields.find((field) => field.name === DEFAULT_ADDRESS_FIELD)?.value);
    const defaultId = addresses.some((address) => address.id === named) ? named : (addresses[0]?.id ?? null);
    return { addresses, defaultId };
  }

  async function makeDefault(customerId: number, addressId: number): Promise<void> {
    await client.v3('/customers', {
      method: 'PUT',
      json: [{ id: customerId, form_fields: [{ name: DEFAULT_ADDRESS_FIELD, value: String(addressId) }] }],
    });
  }

  function ownAddress(addresses: BcAddress[], addressId: number): BcAddress {
    const address = addresses.find((candidate) => candidate.id === addressId);
    if (!address) throw addressNotFound(addressId);
    return address;
  }

  return {
    async listAddresses(customerId: number): Promise<CustomerAddressDto[]> {
      const { addresses, defaultId } = await book(customerId).catch((error: unknown) => {
        // A customer without an account has no addresses, as the embedded list answers.
        if (error instanceof DomainError && error.kind === 'NOT_FOUND') return { addresses: [], defaultId: null };
        throw error;
      });
      const dtos = addresses.map((address) => toAddressDto(address, defaultId));
      return [...dtos.filter((address) => address.is_default), ...dtos.filter((address) => !address.is_default)];
    },

    async addAddress(customerId: number, input: CustomerAddressInput): Promise<CustomerAddressDto> {
      const { addresses, defaultId } = await book(customerId);
      if (addresses.length >= MAX_ADDRESSES) {
        throw new DomainError(
          'INVALID_DATA',
          `An address book holds at most ${MAX_ADDRESSES} addresses.`,
          'TOO_MANY_ADDRESSES',
        );
      }
      const { is_default: wantsDefault, ...fields } = input;
      const answer = await client.v3<unknown>('/customers/addresses', {
        method: 'POST',
        json: [{ ...fields, customer_id: customerId }],
      });
      const [created] = client.parse('POST /v3/customers/addresses', bcAddressesSchema, answer.data);
      // BigCommerce answers 200 without the address when an identical one exists.
      if (!created) {
        throw new DomainError('INVALID_DATA', 'This address is already in your address book.', 'DUPLICATE_ADDRESS');
      }
      const isDefault = wantsDefault || addresses.length === 0;
      if (isDefault && addresses.length > 0) await makeDefault(customerId, created.id);
      return toAddressDto(created, isDefault ? created.id : defaultId);
    },

    async updateAddress(customerId: number, input: CustomerAddressUpdateInput): Promise<CustomerAddressDto> {
      const { addresses, defaultId } = await book(customerId);
      const address = ownAddress(addresses, input.id);
      const { is_default: wantsDefault, ...fields } = input;
      const answer = await client.v3<unknown>('/customers/addresses', { method: 'PUT', json: [fields] });
      const [updated] = client.parse('PUT /v3/customers/addresses', bcAddressesSchema, answer.data);
      // The default moves by choosing another; it cannot be switched off alone.
      if (wantsDefault === true && defaultId !== address.id) await makeDefault(customerId, address.id);
      return toAddressDto(updated ?? address, wantsDefault === true ? address.id : defaultId);
    },

    async removeAddress(customerId: number, addressId: number): Promise<void> {
      const { addresses } = await book(customerId);
      ownAddress(addresses, addressId);
      await client.v3('/customers/addresses', { method: 'DELETE', query: { 'id:in': [addressId] } });
    },
  };
}
