import type { TestPaymentGateway } from '@piste/commerce/server';

/** Sends one POST as the test's shopper (their cookies and headers) and answers status and body. */
export type ShopperPost = (
  url: string,
  payload: unknown,
  headers: Record<string, string>,
) => Promise<{ statusCode: number; body: string }>;

/** Where the cart ships and how: what sets the total an intent is created for. */
export interface PaymentFor {
  cartId: string;
  /** The checkout's Idempotency-Key, which the order is then placed with. */
  key: string;
  shipping_address: { country_iso2: string; state?: string };
  shipping_method_id: number;
}

/** `POST /api/cart/{cartId}/payments` as the shopper: the intent's id and client secret. */
export async function createPayment(post: ShopperPost, payment: PaymentFor, headers: Record<string, string> = {}) {
  const { cartId, key, ...body } = payment;
  const response = await post(`/api/cart/${cartId}/payments`, body, { 'idempotency-key': key, ...headers });
  if (response.statusCode !== 201) {
    throw new Error(`creating the payment answered ${response.statusCode}: ${response.body}`);
  }
  const { data } = JSON.parse(response.body) as { data: { id: string; client_secret: string; amount: number } };
  return data;
}

/**
 * Pays for a cart as the checkout page does, minus the browser (issue 28 'The payment flow'):
 * an intent for the cart's total, confirmed at the test provider with a test payment method
 * (`pm_card_visa` authorises; `pm_card_chargeDeclined` declines, …). Answers the intent's id
 * for the checkout's `payment: { intent_id }`.
 */
export async function payFor(
  gateway: TestPaymentGateway,
  post: ShopperPost,
  payment: PaymentFor,
  token = 'pm_card_visa',
  headers: Record<string, string> = {},
): Promise<string> {
  const { id } = await createPayment(post, payment, headers);
  await gateway.confirmWithToken(id, token);
  return id;
}
