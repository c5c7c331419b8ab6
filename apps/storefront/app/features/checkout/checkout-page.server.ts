import { randomUUID } from 'node:crypto';
import { data, redirect } from 'react-router';
import {
  cartSessionCookie,
  minorToDecimal,
  ORDER_COOKIE,
  orderSessionCookie,
  parseOrderSessionToken,
  TEST_PAYMENT_CARDS,
  type CartDto,
  type CartSessionToken,
  type CheckoutQuote,
  type CheckoutService,
  type ShopperContext,
} from '@piste/commerce/server';
import { DomainError, isDomainError, localizePath, type LocaleState } from '@piste/core';
import type { LoadContextOf } from '@piste/server/load-context';
import { readFormData } from '../../lib/form-data.server';
import { readCookie, refuseCrossSitePost } from '../../lib/request.server';
import { toCartView } from '../cart/cart-view';
import { changeCoupon } from '../cart/coupon-actions.server';
import {
  cartAccessOf,
  cartSessionHeaders,
  loadCartSession,
  sessionToken,
  type CartReads,
} from '../cart/cart-session.server';
import { currencyFormatFor } from '../catalogue/currency.server';
import type { CurrencyReads } from '../catalogue/region-currencies.server';
import { beginCheckoutEvent } from './checkout-analytics';
import {
  destinationErrors,
  initialValues,
  readCheckoutForm,
  readPaymentIntentId,
  toCheckoutInput,
  validateCheckout,
  type CheckoutRules,
  type CheckoutValues,
  type FieldErrors,
} from './checkout-fields';
import { checkoutProblem } from './checkout-problem';
import { isSecureRequest } from './checkout-session.server';
import type {
  CheckoutAnswer,
  CheckoutPageData,
  DestinationsView,
  PaymentAnswer,
  PlaceOption,
  QuoteView,
} from './checkout-view';
import type { PaymentElementSetup } from './payment/payment-element';
import { botTokenOf } from '../bot-check/bot-token.server';
import { regionNames } from './place-names';
import {
  checkoutPrefill,
  savedAddressErrors,
  savedAddressesFor,
  withChosenAddress,
  type SavedAddressReads,
} from './saved-addresses.server';

type DestinationReads = LoadContextOf<'shipping' | 'store'>;
type StoreService = DestinationReads['services']['store'];
/** What a quote reads: the checkout service and the session's cart. */
type QuoteReads = CartReads & LoadContextOf<'checkout'>;
/** What the checkout page reads: its cart, destinations, currency, quote, the customer's address book and the payment provider. */
type CheckoutPageReads = QuoteReads &
  DestinationReads &
  CurrencyReads &
  SavedAddressReads &
  LoadContextOf<'embeddedOnly', 'shopper'>;
export interface EngineCountry {
  code: string;
  name: string;
  states: PlaceOption[];
}

/** Countries and states change only with the seed, so one read serves checkouts for a while. */
const REFERENCE_TTL_MS = 5 * 60_000;
const referenceData = new WeakMap<StoreService, { expiresAt: number; countries: Promise<EngineCountry[]> }>();

/** The engine's countries with their states (`GET countries`, `GET countries/{id}/states`). */
export function engineCountries(store: StoreService): Promise<EngineCountry[]> {
  const cached = referenceData.get(store);
  if (cached && cached.expiresAt > Date.now()) return cached.countries;
  const countries = store.listCountries().then(({ data: list }) =>
    Promise.all(
      list.map(async (country) => ({
        code: country.country_iso2,
        name: country.country,
        states: (await store.listStates(country.id)).data.map((state) => ({
          code: state.state_abbreviation,
          name: state.state,
        })),
      })),
    ),
  );
  // A failed read is not kept: the next checkout asks again.
  countries.catch(() => referenceData.delete(store));
  referenceData.set(store, { expiresAt: Date.now() + REFERENCE_TTL_MS, countries });
  return countries;
}

/**
 * Where the checkout ships (the countries of the region's enabled shipping zones) and bills
 * (every country the engine knows), named in the page's language, with the engine's states.
 */
async function loadDestinations(
  context: DestinationReads,
  shopper: ShopperContext,
  language: string,
): Promise<DestinationsView> {
  const { shipping, store } = context.services;
  const [zones, countries] = await Promise.all([shipping.listZones(shopper.region), engineCountries(store)]);
  const served = new Set(
    zones.data.filter((zone) => zone.enabled).flatMap((zone) => zone.locations.map((place) => place.country_iso2)),
  );
  const names = regionNames(language);
  const collator = new Intl.Collator(language);
  const billingCountries: PlaceOption[] = countries
    .map((country) => ({ code: country.code, name: names.of(country.code) ?? country.name }))
    .sort((a, b) => collator.compare(a.name, b.name));
  return {
    shippingCountries: billingCountries.filter((country) => served.has(country.code)),
    billingCountries,
    states: Object.fromEntries(
      countries.filter((country) => country.states.length > 0).map((country) => [country.code, country.states]),
    ),
  };
}

function rulesOf(destinations: DestinationsView): CheckoutRules {
  const codes = (places: PlaceOption[]) => new Set(places.map((place) => place.code));
  return {
    shippingCountries: codes(destinations.shippingCountries),
    billingCountries: codes(destinations.billingCountries),
    statesByCountry: Object.fromEntries(
      Object.entries(destinations.states).map(([country, states]) => [country, states.map((state) => state.code)]),
    ),
  };
}

/** The shopper's own country when the shop ships there, else the first it ships to. */
function defaultCountry(localeState: LocaleState, destinations: DestinationsView): string {
  const own = localeState.country.toUpperCase();
  const countries = destinations.shippingCountries;
  return countries.some((country) => country.code === own) ? own : (countries[0]?.code ?? own);
}

function quoteView(quote: CheckoutQuote): QuoteView {
  const { totals } = quote;
  return {
    options: quote.shippingOptions.map((option) => ({
      id: option.id,
      name: option.name,
      cost: minorToDecimal(option.costMinor),
    })),
    selectedId: quote.shipping?.id ?? null,
    subtotal: minorToDecimal(totals.subtotalMinor),
    shipping: minorToDecimal(totals.shippingMinor),
    tax: minorToDecimal(totals.taxMinor),
    taxIncluded: quote.tax.included,
    total: minorToDecimal(totals.totalMinor),
  };
}

/**
 * Our own checkout. The route hands the shopper to the platform's hosted checkout before any
 * of this page's work when the platform takes orders, so this refusal is a safeguard only.
 */
function ownCheckout(context: LoadContextOf<'checkout'>): CheckoutService {
  const { checkout } = context.services;
  if (!checkout) throw new DomainError('CONFLICT', 'Checkout is taken by the hosted platform.', 'HOSTED_CHECKOUT');
  return checkout;
}

/**
 * Shipping options and totals for the shipping address. A method the new destination does not
 * offer (the shopper changed country after choosing one) falls back to the cheapest.
 */
async function quoteFor(
  context: QuoteReads,
  shopper: ShopperContext,
  token: CartSessionToken,
  values: Pick<CheckoutValues, 'shipping' | 'shippingMethodId'>,
): Promise<QuoteView> {
  const checkout = ownCheckout(context);
  const destination = { country_iso2: values.shipping.country_iso2, state: values.shipping.state };
  const methodId = /^\d{1,9}$/.test(values.shippingMethodId) ? Number(values.shippingMethodId) : undefined;
  const quote = await checkout
    .quote(shopper, token.cartId, cartAccessOf(context, token), destination, methodId)
    .catch((error: unknown) => {
      if (methodId === undefined || !isDomainError(error) || error.code !== 'INVALID_SHIPPING_METHOD') throw error;
      return checkout.quote(shopper, token.cartId, cartAccessOf(context, token), destination);
    });
  return quoteView(quote);
}

/** A quote beside a failed order, so the options stay on the page; none when the destination is at fault. */
async function quoteIfPossible(
  context: QuoteReads,
  shopper: ShopperContext,
  token: CartSessionToken,
  values: Pick<CheckoutValues, 'shipping' | 'shippingMethodId'>,
  rules: CheckoutRules,
): Promise<QuoteView | null> {
  if (Object.keys(destinationErrors('shipping', values.shipping, rules)).length > 0) return null;
  return quoteFor(context, shopper, token, values).catch((error: unknown) => {
    if (checkoutProblem(error)) return null;
    throw error;
  });
}

function linesOf(cart: CartDto): CheckoutPageData['lines'] {
  return cart.line_items.physical_items.map((line) => ({
    id: line.id,
    name: line.name,
    options: line.options.map((option) => option.value),
    quantity: line.quantity,
    imageUrl: line.image_url,
    total: line.extended_sale_price,
  }));
}

function promotionsOf(cart: CartDto): CheckoutPageData['promotions'] {
  const { itemsTotal, coupons, discounts, freeShipping } = toCartView(cart);
  return { itemsTotal, coupons, discounts, freeShipping };
}

/**
 * The provider's element for the page: what its browser code needs, not the CSP sources the
 * server adds to the page's policy. None when the hosted platform takes payments.
 */
function paymentSetup(context: LoadContextOf<'embeddedOnly'>): PaymentElementSetup | null {
  const payments = context.services.embeddedOnly?.payments;
  if (!payments) return null;
  const { provider, elementUrl, publishableKey } = payments.browserSetup();
  return {
    provider,
    ...(elementUrl === undefined ? {} : { elementUrl }),
    ...(publishableKey === undefined ? {} : { publishableKey }),
  };
}

const TEST_CARD_NUMBERS: CheckoutPageData['testCards'] = {
  authorises: TEST_PAYMENT_CARDS.authorises.number,
  declines: TEST_PAYMENT_CARDS.declines.number,
  insufficientFunds: TEST_PAYMENT_CARDS.insufficientFunds.number,
  needsAuthentication: TEST_PAYMENT_CARDS.needsAuthentication.number,
};

const cartPath = (localeState: LocaleState) => localizePath(localeState.locale, '/cart');
const confirmationPath = (localeState: LocaleState, orderId: number) =>
  localizePath(localeState.locale, `/checkout/confirmation/${orderId}`);

/**
 * The order this page's key placed, when a post comes again after the order's answer ended the
 * cart's session (a reload, a second click that arrived late): the order cookie proves the
 * session that paid. Null when there is none, or the key is not this session's.
 */
async function orderPlacedByThisPage(
  context: LoadContextOf<'checkout', 'customer'>,
  request: Request,
  key: FormDataEntryValue | null,
) {
  const session = parseOrderSessionToken(readCookie(request, ORDER_COOKIE));
  if (!session || typeof key !== 'string') return null;
  const owner = { cartSecret: session.secret, customerId: context.customer?.customer.id ?? null };
  return ownCheckout(context)
    .placedOrder(key, owner)
    .catch((error: unknown) => {
      if (isDomainError(error)) return null;
      throw error;
    });
}

/**
 * The checkout page (docs/checkout.md 'Flow'): the session's cart, where it can ship, and a first
 * quote when the default country needs no state. A signed-in customer finds their email and default
 * saved address filled in, and their address book offered. No cart, an empty one, or a country
 * without online shopping is sent back to the cart page.
 */
export async function loadCheckoutPage(
  context: CheckoutPageReads,
  request: Request,
  localeState: LocaleState,
): Promise<CheckoutPageData> {
  if (!localeState.shoppingRegion) throw redirect(cartPath(localeState));
  const { shopper } = context;
  const session = await loadCartSession(context, request, shopper);
  const token = sessionToken(request);
  const { cart } = session;
  if (!cart || !token || cart.line_items.physical_items.length === 0) {
    throw redirect(cartPath(localeState), { headers: cartSessionHeaders(session) });
  }
  const [destinations, currency] = await Promise.all([
    loadDestinations(context, shopper, localeState.language),
    currencyFormatFor(context, shopper, localeState.locale),
  ]);
  const savedAddresses = await savedAddressesFor(context, destinations, localeState.language);
  const values = initialValues(defaultCountry(localeState, destinations), checkoutPrefill(context, savedAddresses));
  const quote = await quoteIfPossible(context, shopper, token, values, rulesOf(destinations));
  return {
    lines: linesOf(cart),
    savedAddresses,
    subtotal: cart.cart_amount,
    promotions: promotionsOf(cart),
    currency,
    destinations,
    values,
    quote,
    idempotencyKey: randomUUID(),
    payment: paymentSetup(context),
    testCards: TEST_CARD_NUMBERS,
    beginCheckout: beginCheckoutEvent(cart),
  };
}

function answer(
  intent: CheckoutAnswer['intent'],
  values: CheckoutValues,
  outcome: Partial<Pick<CheckoutAnswer, 'quote' | 'message' | 'cartLink' | 'paymentFailed'>> & {
    errors?: FieldErrors;
  },
): CheckoutAnswer {
  return {
    intent,
    answeredAt: Date.now(),
    values,
    quote: outcome.quote ?? null,
    errors: outcome.errors ?? {},
    message: outcome.message ?? null,
    cartLink: outcome.cartLink ?? false,
    paymentFailed: outcome.paymentFailed ?? false,
  };
}

/** Issue 28 'The payment flow' step 6: an order without a confirmed payment. */
const PAYING_NEEDS_JAVASCRIPT =
  "Paying needs JavaScript: the card form is our payment provider's, so that your card number never reaches this shop. Turn JavaScript on to place your order.";

/**
 * The pay step (issue 28 'The payment flow' step 1): a form that passed its checks, from a
 * person, gets a payment intent for the cart's total where it ships, made with the page's
 * idempotency key (the same total answers the same intent, so paying again after a declined card
 * confirms that one again). The browser gets the intent's id and client secret, for the element.
 */
async function createPayment(
  context: CheckoutPageReads & LoadContextOf<'botProtection', 'clientIp'>,
  token: CartSessionToken,
  values: CheckoutValues,
  checkoutKey: string,
  botToken: string | null,
): Promise<PaymentAnswer> {
  await context.services.botProtection.protection.assertHuman('checkout', botToken, context.clientIp);
  const payment = await ownCheckout(context).createPayment(
    context.shopper,
    token.cartId,
    cartAccessOf(context, token),
    { country_iso2: values.shipping.country_iso2, state: values.shipping.state },
    Number(values.shippingMethodId),
    checkoutKey,
  );
  return {
    intent: 'pay',
    answeredAt: Date.now(),
    payment: { intentId: payment.intentId, clientSecret: payment.clientSecret },
  };
}

/**
 * The checkout's submissions. The order summary's discount code posts `intent=apply-coupon` and
 * `intent=remove-coupon` (as on the cart page). `intent=quote` (the page's fetcher, or the form's 'Show shipping
 * options' button without JavaScript) answers the options and totals for the address;
 * `intent=pay` (the page's fetcher) checks the form and answers a payment intent for the
 * provider's element to confirm; `intent=place` with the confirmed intent's `payment_intent_id`
 * places the order with the page's idempotency key, then ends the cart's session and starts the
 * order's, exactly as `POST /api/cart/{id}/checkout` does, and opens the confirmation. Refusals
 * are answered on the form with a 4xx, never as an error page.
 */
export async function checkoutAction(
  context: CheckoutPageReads & LoadContextOf<'botProtection' | 'embeddedOnly', 'clientIp'>,
  request: Request,
  localeState: LocaleState,
) {
  refuseCrossSitePost(request);
  // The page's loader hands the shopper to the platform's hosted checkout instead.
  if (!context.services.checkout) return redirect(localizePath(localeState.locale, '/checkout'));
  const form = await readFormData(request);
  const token = sessionToken(request);
  if (!localeState.shoppingRegion) return redirect(cartPath(localeState));
  if (form.get('intent') === 'apply-coupon' || form.get('intent') === 'remove-coupon') {
    // The order summary's discount code (the cart page's form, docs/promotions.md); the page then reloads its cart.
    const coupon = await changeCoupon(context, request, context.shopper, form);
    return data(coupon.answer, { status: coupon.status });
  }
  if (!token) {
    const placed =
      form.get('intent') === 'place'
        ? await orderPlacedByThisPage(context, request, form.get('idempotency_key'))
        : null;
    return redirect(placed ? confirmationPath(localeState, placed.id) : cartPath(localeState));
  }
  const { shopper } = context;
  const destinations = await loadDestinations(context, shopper, localeState.language);
  const rules = rulesOf(destinations);
  const intent = form.get('intent');
  const values =
    intent === 'quote'
      ? await withChosenAddress(context, readCheckoutForm(form), form, destinations, localeState.language)
      : readCheckoutForm(form);

  if (intent === 'quote') {
    const errors = destinationErrors('shipping', values.shipping, rules);
    if (Object.keys(errors).length > 0) return data(answer('quote', values, { errors }), { status: 400 });
    try {
      return answer('quote', values, { quote: await quoteFor(context, shopper, token, values) });
    } catch (error) {
      const problem = checkoutProblem(error);
      if (!problem) throw error;
      if (problem.kind === 'cart-gone') return redirect(cartPath(localeState));
      return data(answer('quote', values, problem), { status: problem.status });
    }
  }

  if (intent !== 'pay' && intent !== 'place') {
    return data(answer('place', values, { message: 'This form could not be read. Please try again.' }), {
      status: 400,
    });
  }
  // The payment the shopper confirmed in the provider's element; without JavaScript there is none.
  const paymentIntentId = readPaymentIntentId(form);
  if (intent === 'place' && !paymentIntentId) {
    return data(answer('place', values, { message: PAYING_NEEDS_JAVASCRIPT }), { status: 400 });
  }
  const errors = {
    ...savedAddressErrors(
      values.shippingAddressId,
      await savedAddressesFor(context, destinations, localeState.language),
    ),
    ...validateCheckout(values, rules),
  };
  if (Object.keys(errors).length > 0) {
    const quote = await quoteIfPossible(context, shopper, token, values, rules);
    return data(answer(intent, values, { errors, quote }), { status: 400 });
  }
  const key = form.get('idempotency_key');
  const checkoutKey = typeof key === 'string' ? key : '';
  try {
    if (intent === 'pay') {
      return await createPayment(context, token, values, checkoutKey, botTokenOf(form));
    }
    const order = await ownCheckout(context).placeOrder(
      shopper,
      token.cartId,
      cartAccessOf(context, token),
      toCheckoutInput(values, paymentIntentId ?? ''),
      checkoutKey,
      localeState.locale,
    );
    const secure = isSecureRequest(request);
    return redirect(confirmationPath(localeState, order.id), {
      headers: [
        ['Set-Cookie', cartSessionCookie(null, { secure })],
        ['Set-Cookie', orderSessionCookie({ orderId: order.id, secret: token.secret }, { secure })],
      ],
    });
  } catch (error) {
    const problem = checkoutProblem(error);
    if (!problem) throw error;
    if (problem.kind === 'cart-gone') return redirect(cartPath(localeState));
    const quote = await quoteIfPossible(context, shopper, token, values, rules);
    return data(answer(intent, values, { ...problem, quote }), { status: problem.status });
  }
}
