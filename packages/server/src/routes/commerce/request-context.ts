import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveCommerceRegion, type CustomerService, type CustomerStatus, type ShopperContext } from '@piste/commerce';
import { DomainError } from '@piste/core';
import { requestCustomer } from '../../accounts/request-customer';
import type { SessionStore } from '../../sessions/index';

/** What reading the caller's session needs. */
export interface SessionServices {
  sessions: SessionStore;
  customers: CustomerService;
}

/**
 * The caller as the commerce calls see them: the `x-bc-region` header's region (spec §7) and
 * the signed-in customer's group prices, plus the customer for access checks.
 */
export async function shopperOf(
  request: FastifyRequest,
  reply: FastifyReply,
  services: SessionServices,
): Promise<ShopperContext & { customerId: number | null }> {
  const { status } = await requestCustomer(request, reply, services);
  return {
    region: resolveCommerceRegion(request.headers['x-bc-region']),
    priceAdjustment: status?.priceAdjustment,
    customerGroupId: status?.group?.id,
    customerId: status?.customer.id ?? null,
  };
}

/** The signed-in customer, or a 401 that says to sign in. */
export async function signedInCustomer(
  request: FastifyRequest,
  reply: FastifyReply,
  services: SessionServices,
): Promise<CustomerStatus> {
  const { status } = await requestCustomer(request, reply, services);
  if (!status) throw new DomainError('UNAUTHORIZED', 'Sign in to continue.', 'SIGN_IN_REQUIRED');
  return status;
}
