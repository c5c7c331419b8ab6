/**
 * Stripe's answers, written from its API reference for the calls the provider makes. Each object
 * keeps the fields the reference shows and the provider reads; ids and secrets are made up in
 * Stripe's formats. Pages:
 * - PaymentIntent object:        https://docs.stripe.com/api/payment_intents/object
 * - Create / retrieve / capture / cancel / search a PaymentIntent:
 *   https://docs.stripe.com/api/payment_intents/create, …/retrieve, …/capture, …/cancel, …/search
 * - Charge object (expanded `latest_charge`, `payment_method_details.card`): https://docs.stripe.com/api/charges/object
 * - Refund object and create:    https://docs.stripe.com/api/refunds/object, https://docs.stripe.com/api/refunds/create
 * - Errors (types, codes, 402 card_error): https://docs.stripe.com/api/errors
 * - Expanding responses:         https://docs.stripe.com/api/expanding_objects
 * - Search results and paging:   https://docs.stripe.com/api/pagination/search
 * - Event object:                https://docs.stripe.com/api/events/object
 */

export const INTENT_ID = 'pi_3QpisteA1b2C3d4E5f6G7h8';
export const CLIENT_SECRET = `${INTENT_ID}_secret_Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2J`;
export const CHARGE_ID = 'ch_3QpisteA1b2C3d4E5f6G7h8';
export const CART_ID = '5d0c9a3e-3f5b-4a7e-9c61-2b7f0c1d9e44';
export const CHECKOUT_KEY = 'ck_7f3a2b';
const CREATED = 1_795_770_000;

/** `POST /v1/payment_intents`: created, waiting for the card (status requires_payment_method). */
export const intentCreated = {
  id: INTENT_ID,
  object: 'payment_intent',
  amount: 12_900,
  amount_capturable: 0,
  amount_received: 0,
  automatic_payment_methods: { allow_redirects: 'always', enabled: true },
  canceled_at: null,
  cancellation_reason: null,
  capture_method: 'manual',
  client_secret: CLIENT_SECRET,
  confirmation_method: 'automatic',
  created: CREATED,
  currency: 'eur',
  last_payment_error: null,
  latest_charge: null,
  livemode: false,
  metadata: { cart_id: CART_ID, checkout_key: CHECKOUT_KEY },
  next_action: null,
  payment_method: null,
  payment_method_types: ['card', 'link'],
  status: 'requires_payment_method',
};

/** Confirmed with a card that asks for 3D Secure: `requires_action`, with `next_action`. */
export const intentRequiresAction = {
  ...intentCreated,
  payment_method: 'pm_1QpisteCardThreeDS',
  status: 'requires_action',
  next_action: {
    type: 'use_stripe_sdk',
    use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: 'https://hooks.stripe.com/3d_secure_2/hosted' },
  },
};

/** The latest charge of an authorised intent, as `expand[]=latest_charge` returns it. */
export const authorisedCharge = {
  id: CHARGE_ID,
  object: 'charge',
  amount: 12_900,
  amount_captured: 0,
  amount_refunded: 0,
  captured: false,
  created: CREATED + 95,
  currency: 'eur',
  paid: true,
  payment_intent: INTENT_ID,
  payment_method: 'pm_1QpisteCardVisa',
  payment_method_details: {
    type: 'card',
    card: {
      brand: 'visa',
      country: 'US',
      exp_month: 12,
      exp_year: 2034,
      funding: 'credit',
      last4: '4242',
      network: 'visa',
      three_d_secure: null,
    },
  },
  refunded: false,
  status: 'succeeded',
};

/** Authorised and held: `requires_capture`, the whole amount capturable. */
export const intentRequiresCapture = {
  ...intentCreated,
  amount_capturable: 12_900,
  latest_charge: authorisedCharge,
  payment_method: 'pm_1QpisteCardVisa',
  status: 'requires_capture',
};

/** `POST /v1/payment_intents/:id/capture`: taken (`latest_charge` not expanded there). */
export const intentCaptured = {
  ...intentCreated,
  amount_received: 12_900,
  latest_charge: CHARGE_ID,
  payment_method: 'pm_1QpisteCardVisa',
  status: 'succeeded',
};

/** A captured intent read back after a partial refund of 20.00. */
export const intentPartlyRefunded = {
  ...intentCaptured,
  latest_charge: { ...authorisedCharge, amount_captured: 12_900, captured: true, amount_refunded: 2_000 },
};

/** `POST /v1/payment_intents/:id/cancel`. */
export const intentCanceled = {
  ...intentCreated,
  canceled_at: CREATED + 600,
  cancellation_reason: 'abandoned',
  status: 'canceled',
};

/** The card was declined when confirmed in the browser: back to requires_payment_method with the reason. */
export const intentDeclined = {
  ...intentCreated,
  last_payment_error: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
    doc_url: 'https://docs.stripe.com/error-codes/card-declined',
  },
  latest_charge: 'ch_3QpisteDeclined000000',
  status: 'requires_payment_method',
};

/** `POST /v1/refunds`. */
export const refundCreated = {
  id: 're_3QpisteA1b2C3d4E5f6G7h8',
  object: 'refund',
  amount: 2_000,
  charge: CHARGE_ID,
  created: CREATED + 86_400,
  currency: 'eur',
  metadata: {},
  payment_intent: INTENT_ID,
  reason: null,
  status: 'succeeded',
};

/** `GET /v1/payment_intents/search`, two pages: `has_more` and `next_page` lead to the second. */
export function heldSearchPages() {
  const older = {
    ...intentRequiresCapture,
    id: 'pi_3QpisteOlder00000000000',
    amount: 4_500,
    amount_capturable: 4_500,
    latest_charge: { ...authorisedCharge, id: 'ch_3QpisteOlder0000000000', created: CREATED - 7_200 },
  };
  return {
    older,
    first: {
      object: 'search_result',
      url: '/v1/payment_intents/search',
      has_more: true,
      next_page: 'WzE3OTU3NzAwMDBd',
      data: [intentRequiresCapture],
    },
    second: {
      object: 'search_result',
      url: '/v1/payment_intents/search',
      has_more: false,
      next_page: null,
      data: [older],
    },
  };
}

/** Error bodies (https://docs.stripe.com/api/errors), with their HTTP statuses. */
export const errors = {
  /** 402: the issuer declined. */
  cardDeclined: {
    status: 402,
    body: {
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        charge: CHARGE_ID,
        message: 'Your card was declined.',
        doc_url: 'https://docs.stripe.com/error-codes/card-declined',
      },
    },
  },
  /** 400: a refund beyond what remains of the charge. */
  overRefund: {
    status: 400,
    body: {
      error: {
        type: 'invalid_request_error',
        param: 'amount',
        message: 'Refund amount (€150.00) is greater than unrefunded amount on charge (€129.00)',
      },
    },
  },
  /** 400: capturing or canceling an intent that already moved on. */
  unexpectedState: {
    status: 400,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message:
          'This PaymentIntent could not be captured because it has a status of succeeded. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.',
        doc_url: 'https://docs.stripe.com/error-codes/payment-intent-unexpected-state',
      },
    },
  },
  /** 404: no such intent. */
  missing: {
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: "No such payment_intent: 'pi_missing'",
        doc_url: 'https://docs.stripe.com/error-codes/resource-missing',
      },
    },
  },
  /** 500: something went wrong on Stripe's end. */
  apiError: {
    status: 500,
    body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
  },
} as const;

/** Events as webhook deliveries carry them (https://docs.stripe.com/api/events/object). */
export function event(type: string, object: object, id = 'evt_3QpisteA1b2C3d4E5f6G7h8') {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: CREATED + 100,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: 'req_Qpiste01', idempotency_key: `${CHECKOUT_KEY}:12900:EUR` },
    type,
  };
}
