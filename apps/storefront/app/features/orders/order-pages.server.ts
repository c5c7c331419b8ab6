import { data } from 'react-router';
import type { OrderDto, OrderStatusDto } from '@piste/commerce';
import { isDomainError, SHOPPING_REGIONS, type LocaleState } from '@piste/core';
import type { LoadContextOf } from '@piste/server/load-context';
import { formatLongDate } from '../../lib/dates';
import type { CurrencyFormatView } from '../../lib/money';
import { currencyFormatFor } from '../catalogue/currency.server';
import { regionCurrencies, type CurrencyReads } from '../catalogue/region-currencies.server';
import { purchaseEvent } from '../checkout/checkout-analytics';
import { orderAccessOf } from '../checkout/checkout-session.server';
import { addressLines, orderSavings, parseOrderNumber, ORDER_STATUS_LABELS, type OrderView } from './order-view';
import { regionNames } from '../checkout/place-names';

/** What reading an order's currency format needs: any shopping region's currencies. */
export type OrderCurrencyReads = CurrencyReads & LoadContextOf<never, 'shopperIn'>;

/** What the order pages read: the orders, and the customer whose order it may be. */
type OrderPageReads = OrderCurrencyReads & LoadContextOf<'orders', 'customer'>;

/**
 * The format of an order's currency. An order is read in whatever locale the shopper is in
 * now, so it is looked up by code among the shopping regions' currencies rather than taken
 * from the page's region.
 */
export async function currencyFormatOf(
  context: OrderCurrencyReads,
  code: string,
  locale: string,
): Promise<CurrencyFormatView | null> {
  const shoppers = await Promise.all(
    SHOPPING_REGIONS.map(async (region) => {
      const shopper = context.shopperIn(region);
      const currencies = await regionCurrencies(context, shopper.region);
      return currencies?.[0]?.currency_code === code ? shopper : null;
    }),
  );
  const shopper = shoppers.find((candidate) => candidate !== null);
  return shopper ? currencyFormatFor(context, shopper, locale) : null;
}

export function formatDate(iso: string, localeState: LocaleState): string {
  return formatLongDate(iso, localeState.locale);
}

export function orderView(order: OrderDto, localeState: LocaleState): OrderView {
  const address = order.shipping_address;
  const country = regionNames(localeState.language).of(address.country_iso2) ?? address.country_iso2;
  return {
    id: order.id,
    email: order.shipping_address.email,
    date: formatDate(order.date_created, localeState),
    lines: order.products.map((line) => ({
      id: line.id,
      name: line.name,
      options: line.product_options.map((option) => option.display_value),
      quantity: line.quantity,
      total: line.total_inc_tax,
    })),
    shippingAddress: addressLines(address, country),
    shippingMethod: order.shipping_method,
    payment: order.payment_method,
    ...orderSavings(order),
    subtotal: order.subtotal_inc_tax,
    shipping: order.shipping_cost_inc_tax,
    tax: order.total_tax,
    taxIncluded: order.prices_include_tax,
    total: order.total_inc_tax,
  };
}

const notFound = () => data(null, { status: 404 });

/**
 * The confirmation of an order, for the session that placed it (the `piste_order` cookie);
 * anyone else, and any number that is not an order, gets the 404 page.
 */
export async function loadConfirmationPage(
  context: OrderPageReads,
  request: Request,
  localeState: LocaleState,
  orderIdParam: string,
) {
  const id = parseOrderNumber(orderIdParam);
  if (id === null) throw notFound();
  const order = await context.services.orders.get(id, orderAccessOf(context, request, id)).catch((error: unknown) => {
    throw isDomainError(error, 'NOT_FOUND') ? notFound() : error;
  });
  return {
    order: orderView(order, localeState),
    currency: await currencyFormatOf(context, order.currency_code, localeState.locale),
    purchase: purchaseEvent(order),
  };
}

export interface OrderStatusView {
  id: number;
  status: string;
  date: string;
  itemCount: number;
  total: number;
  currency: CurrencyFormatView | null;
  shipments: { id: number; carrier: string; trackingNumber: string; date: string }[];
}

export interface OrderStatusPageData {
  query: { number: string; email: string };
  errors: { number?: string; email?: string };
  order: OrderStatusView | null;
  notFound: boolean;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function statusView(
  context: OrderCurrencyReads,
  status: OrderStatusDto,
  localeState: LocaleState,
): Promise<OrderStatusView> {
  return {
    id: status.id,
    status: ORDER_STATUS_LABELS[status.custom_status],
    date: formatDate(status.date_created, localeState),
    itemCount: status.items_total,
    total: status.total_inc_tax,
    currency: await currencyFormatOf(context, status.currency_code, localeState.locale),
    shipments: status.shipments.map((shipment) => ({
      id: shipment.id,
      carrier: shipment.shipping_provider,
      trackingNumber: shipment.tracking_number,
      date: formatDate(shipment.date_created, localeState),
    })),
  };
}

/**
 * A guest's order lookup (`?number=&email=`, the page's GET form): the order's status only
 * with the email it was placed with. A wrong email reads exactly like a wrong number.
 */
export async function loadOrderStatusPage(
  context: LoadContextOf<'orders'> & OrderCurrencyReads,
  url: URL,
  localeState: LocaleState,
) {
  const query = {
    number: url.searchParams.get('number')?.trim().slice(0, 40) ?? '',
    email: url.searchParams.get('email')?.trim().slice(0, 254) ?? '',
  };
  const page: OrderStatusPageData = { query, errors: {}, order: null, notFound: false };
  if (!url.searchParams.has('number') && !url.searchParams.has('email')) return page;

  const id = parseOrderNumber(query.number);
  if (id === null) {
    page.errors.number =
      query.number === '' ? 'This field is required.' : 'Enter the order number as digits only, like 100001.';
  }
  if (!EMAIL_PATTERN.test(query.email)) {
    page.errors.email =
      query.email === '' ? 'This field is required.' : 'Enter a valid email address, like name@example.com.';
  }
  if (id === null || page.errors.email) return data(page, { status: 400 });

  try {
    page.order = await statusView(context, await context.services.orders.status(id, query.email), localeState);
  } catch (error) {
    if (!isDomainError(error, 'NOT_FOUND')) throw error;
    page.notFound = true;
  }
  return page;
}
