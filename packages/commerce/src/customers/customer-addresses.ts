import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { customerAddresses } from '../schema/index';
import { MAX_ADDRESSES, type CustomerAddresses, type CustomerExecutor } from './customer-contract';
import { toCustomerAddressDto, type CustomerAddressDto } from './customer-dto';
import type { CustomerRecords } from './customer-records';
import { addressNotFound } from './customer-refusals';
import type { CustomerAddressInput, CustomerAddressUpdateInput } from './customer-schemas';

/** Address books of the embedded customer service; changes to one take turns per customer. */
export function createCustomerAddresses(db: Db, records: CustomerRecords): CustomerAddresses {
  const { lockCustomer } = records;

  async function addressOf(executor: CustomerExecutor, customerId: number, addressId: number) {
    const [address] = await executor
      .select()
      .from(customerAddresses)
      .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId)));
    if (!address) throw addressNotFound(addressId);
    return address;
  }

  return {
    async listAddresses(customerId: number): Promise<CustomerAddressDto[]> {
      const rows = await db
        .select()
        .from(customerAddresses)
        .where(eq(customerAddresses.customerId, customerId))
        .orderBy(sql`${customerAddresses.isDefault} desc`, asc(customerAddresses.id));
      return rows.map(toCustomerAddressDto);
    },

    /** Adds an address; the first one, or one marked default, becomes the default. */
    async addAddress(customerId: number, input: CustomerAddressInput): Promise<CustomerAddressDto> {
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const existing = await tx
          .select({ id: customerAddresses.id })
          .from(customerAddresses)
          .where(eq(customerAddresses.customerId, customerId));
        if (existing.length >= MAX_ADDRESSES) {
          throw new DomainError(
            'INVALID_DATA',
            `An address book holds at most ${MAX_ADDRESSES} addresses.`,
            'TOO_MANY_ADDRESSES',
          );
        }
        const isDefault = input.is_default || existing.length === 0;
        if (isDefault) {
          await tx
            .update(customerAddresses)
            .set({ isDefault: false })
            .where(eq(customerAddresses.customerId, customerId));
        }
        const [created] = await tx
          .insert(customerAddresses)
          .values({
            customerId,
            firstName: input.first_name,
            lastName: input.last_name,
            company: input.company,
            address1: input.address1,
            address2: input.address2,
            city: input.city,
            stateOrProvince: input.state_or_province,
            postalCode: input.postal_code,
            countryCode: input.country_code,
            phone: input.phone,
            addressType: input.address_type,
            isDefault,
          })
          .returning();
        return toCustomerAddressDto(created!);
      });
    },

    async updateAddress(customerId: number, input: CustomerAddressUpdateInput): Promise<CustomerAddressDto> {
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const address = await addressOf(tx, customerId, input.id);
        if (input.is_default === true) {
          await tx
            .update(customerAddresses)
            .set({ isDefault: false })
            .where(and(eq(customerAddresses.customerId, customerId), ne(customerAddresses.id, address.id)));
        }
        const [updated] = await tx
          .update(customerAddresses)
          .set({
            firstName: input.first_name,
            lastName: input.last_name,
            company: input.company,
            address1: input.address1,
            address2: input.address2,
            city: input.city,
            stateOrProvince: input.state_or_province,
            postalCode: input.postal_code,
            countryCode: input.country_code,
            phone: input.phone,
            addressType: input.address_type,
            // The default moves by choosing another; it cannot be switched off alone.
            isDefault: input.is_default === true ? true : undefined,
            updatedAt: new Date(),
          })
          .where(eq(customerAddresses.id, address.id))
          .returning();
        return toCustomerAddressDto(updated!);
      });
    },

    /** Removes an address; when it was the default, the oldest remaining one takes over. */
    async removeAddress(customerId: number, addressId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const address = await addressOf(tx, customerId, addressId);
        await tx.delete(customerAddresses).where(eq(customerAddresses.id, address.id));
        if (!address.isDefault) return;
        const [next] = await tx
          .select({ id: customerAddresses.id })
          .from(customerAddresses)
          .where(eq(customerAddresses.customerId, customerId))
          .orderBy(asc(customerAddresses.id))
          .limit(1);
        if (next) await tx.update(customerAddresses).set({ isDefault: true }).where(eq(customerAddresses.id, next.id));
      });
    },
  };
}
