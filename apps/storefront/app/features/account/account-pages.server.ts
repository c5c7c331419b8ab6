import { data, redirect } from 'react-router';
import {
  MIN_PASSWORD_LENGTH,
  PASSWORD_RESET_TTL_MINUTES,
  passwordResetSchema,
  proHomeBrand,
  spendProgress,
  type CustomerAddressDto,
  type CustomerStatus,
  type OrderDto,
} from '@piste/commerce';
import { isDomainError, localizePath, type LocaleState } from '@piste/core';
import type { LoadContextOf } from '@piste/server/load-context';
import type { CurrencyFormatView } from '../../lib/money';
import { engineCountries } from '../checkout/checkout-page.server';
import type { PlaceOption } from '../checkout/checkout-view';
import { currencyFormatOf, formatDate, orderView, type OrderCurrencyReads } from '../orders/order-pages.server';
import {
  addressLines,
  ORDER_STATUS_LABELS,
  parseOrderNumber,
  type OrderRowView,
  type OrderView,
} from '../orders/order-view';
import { regionNames } from '../checkout/place-names';
import { requireCustomer, safeReturnPath } from './account-session.server';
import {
  customerAddressLines,
  noticeOf,
  pageNumber,
  spendPercent,
  type AccountNotice,
  type AddressFormValues,
  type AddressView,
  type OverviewView,
  type ProView,
  type ShipmentView,
} from './account-view';

/** Orders on the overview, and per page of the order list. */
const RECENT_ORDERS = 3;
const ORDERS_PER_PAGE = 10;

/** What the account's order pages read: the customer's orders in any region's currency. */
type AccountOrderReads = OrderCurrencyReads & LoadContextOf<'orders', 'customer'>;

/** What the overview reads: the orders, the address book and a pro's spend. */
type OverviewReads = AccountOrderReads & LoadContextOf<'customers'>;

/** Currency formats by code, looked up once per page. */
function currencyFormats(
  context: OrderCurrencyReads,
  locale: string,
): (code: string) => Promise<CurrencyFormatView | null> {
  const known = new Map<string, Promise<CurrencyFormatView | null>>();
  return (code) => {
    let format = known.get(code);
    if (!format) {
      format = currencyFormatOf(context, code, locale);
      known.set(code, format);
    }
    return format;
  };
}

async function orderRows(context: OrderCurrencyReads, orders: OrderDto[], localeState: LocaleState) {
  const formatOf = currencyFormats(context, localeState.locale);
  return Promise.all(
    orders.map(async (order): Promise<OrderRowView> => ({
      id: order.id,
      date: formatDate(order.date_created, localeState),
      status: ORDER_STATUS_LABELS[order.custom_status],
      itemCount: order.items_total,
      total: order.total_inc_tax,
      currency: await formatOf(order.currency_code),
    })),
  );
}

function addressView(address: CustomerAddressDto, names: Intl.DisplayNames): AddressView {
  return {
    id: address.id,
    lines: customerAddressLines(address, names.of(address.country_code) ?? address.country_code),
    phone: address.phone,
    isDefault: address.is_default,
  };
}

/**
 * A pro's expiry and this year's spend (spec §7 `pro/order_total`) in their pro region's brand:
 * one limit in their home currency, whichever region the page is in (decision 016).
 */
async function proView(
  context: OrderCurrencyReads & LoadContextOf<'customers'>,
  status: CustomerStatus,
  localeState: LocaleState,
): Promise<ProView> {
  const total = await context.services.customers.proOrderTotal(status.customer.id, proHomeBrand(status.proRegion));
  return {
    expiresOn: total.expiration_date ? formatDate(total.expiration_date, localeState) : null,
    spent: total.order_total,
    limit: total.spend_limit,
    left: spendProgress(total.order_total, total.spend_limit).left,
    currency: total.currency_code ? await currencyFormatOf(context, total.currency_code, localeState.locale) : null,
    percent: spendPercent(total.order_total, total.spend_limit),
  };
}

async function loadOverview(
  context: OverviewReads,
  status: CustomerStatus,
  localeState: LocaleState,
): Promise<OverviewView> {
  const { customers, orders } = context.services;
  const id = status.customer.id;
  const [recent, addresses, pro] = await Promise.all([
    orders.listForCustomer(id, { page: 1, limit: RECENT_ORDERS }),
    customers.listAddresses(id),
    status.isPro ? proView(context, status, localeState) : null,
  ]);
  const names = regionNames(localeState.language);
  const defaultAddress = addresses.find((address) => address.is_default) ?? addresses[0];
  return {
    firstName: status.customer.first_name,
    lastName: status.customer.last_name,
    email: status.customer.email,
    company: status.customer.company,
    isEmployee: status.isEmployee,
    pro,
    recentOrders: await orderRows(context, recent.orders, localeState),
    orderCount: recent.total,
    defaultAddress: defaultAddress ? addressView(defaultAddress, names) : null,
    addressCount: addresses.length,
  };
}

export type AccountHomeData =
  | { view: 'signin'; notice: AccountNotice | null; redirectTo: string | null }
  | { view: 'forgot'; notice: AccountNotice | null; resetMinutes: number }
  | { view: 'reset'; token: string | null; minPasswordLength: number }
  | { view: 'overview'; notice: AccountNotice | null; overview: OverviewView };

/**
 * `/{lang}/account`: signed in, the overview; signed out, the sign-in form, or the forms of a
 * password reset (`?action=forgot_password`, and the emailed link's
 * `?action=reset_password&token=…`, spec §2). `?redirect=` is where sign-in returns to.
 */
export async function loadAccountHome(context: OverviewReads, request: Request, localeState: LocaleState) {
  const query = new URL(request.url).searchParams;
  const action = query.get('action');
  const notice = noticeOf(query.get('status'));

  if (action === 'reset_password') {
    const token = passwordResetSchema.shape.token.safeParse(query.get('token') ?? '');
    const usable = token.success && (await context.services.customers.passwordResetUsable(token.data));
    // The token is in this page's address: no link followed from it may pass it on.
    return data<AccountHomeData>(
      { view: 'reset', token: usable ? token.data : null, minPasswordLength: MIN_PASSWORD_LENGTH },
      { headers: { 'Referrer-Policy': 'no-referrer' } },
    );
  }

  // Asking for a reset link works signed in too (for another account, on a shared computer).
  if (action === 'forgot_password') {
    return data<AccountHomeData>({ view: 'forgot', notice, resetMinutes: PASSWORD_RESET_TTL_MINUTES });
  }
  const status = context.customer;
  if (status) {
    // Signed in already (another tab): straight on to where sign-in would have gone.
    const returnTo = safeReturnPath(query.get('redirect'), '');
    if (returnTo) throw redirect(returnTo);
    return data<AccountHomeData>({
      view: 'overview',
      notice,
      overview: await loadOverview(context, status, localeState),
    });
  }
  return data<AccountHomeData>({
    view: 'signin',
    notice,
    redirectTo: safeReturnPath(query.get('redirect'), '') || null,
  });
}

/** `/{lang}/account/create`: for visitors; a signed-in customer goes to their account. */
export function loadCreatePage(context: LoadContextOf<never, 'customer'>, request: Request, localeState: LocaleState) {
  if (context.customer) throw redirect(localizePath(localeState.locale, '/account'));
  const query = new URL(request.url).searchParams;
  return {
    redirectTo: safeReturnPath(query.get('redirect'), '') || null,
    minPasswordLength: MIN_PASSWORD_LENGTH,
  };
}

/** `/{lang}/account/orders`: the customer's orders, newest first, ten a page (`?page=`). */
export async function loadOrdersPage(context: AccountOrderReads, request: Request, localeState: LocaleState) {
  const status = requireCustomer(context, request, localeState);
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  const list = await context.services.orders.listForCustomer(status.customer.id, { page, limit: ORDERS_PER_PAGE });
  return {
    orders: await orderRows(context, list.orders, localeState),
    page,
    pageCount: Math.max(1, Math.ceil(list.total / ORDERS_PER_PAGE)),
    total: list.total,
  };
}

export interface OrderDetailData {
  order: OrderView;
  status: string;
  billingAddress: string[];
  shipments: ShipmentView[];
  currency: CurrencyFormatView | null;
}

/**
 * `/{lang}/account/orders/{id}`: one of the customer's own orders with its shipments. Only
 * the customer's id opens it (not the checkout session's cookie); any other number is a 404.
 */
export async function loadOrderDetailPage(
  context: AccountOrderReads,
  request: Request,
  localeState: LocaleState,
  orderIdParam: string,
): Promise<OrderDetailData> {
  const status = requireCustomer(context, request, localeState);
  const id = parseOrderNumber(orderIdParam);
  if (id === null) throw data(null, { status: 404 });
  const access = { customerId: status.customer.id };
  const [order, shipments] = await Promise.all([
    context.services.orders.get(id, access),
    context.services.orders.shipments(id, access),
  ]).catch((error: unknown) => {
    throw isDomainError(error, 'NOT_FOUND') ? data(null, { status: 404 }) : error;
  });
  const names = regionNames(localeState.language);
  const lineNames = new Map(order.products.map((line) => [line.id, line.name]));
  return {
    order: orderView(order, localeState),
    status: ORDER_STATUS_LABELS[order.custom_status],
    billingAddress: addressLines(
      order.billing_address,
      names.of(order.billing_address.country_iso2) ?? order.billing_address.country_iso2,
    ),
    shipments: shipments.map((shipment) => ({
      id: shipment.id,
      carrier: shipment.shipping_provider,
      trackingNumber: shipment.tracking_number,
      date: formatDate(shipment.date_created, localeState),
      items: shipment.items.map((item) => ({
        name: lineNames.get(item.order_product_id) ?? '',
        quantity: item.quantity,
      })),
    })),
    currency: await currencyFormatOf(context, order.currency_code, localeState.locale),
  };
}

/** Countries (named in the page's language, sorted) and the states of those that have them. */
export async function addressPlaces(
  context: LoadContextOf<'store'>,
  language: string,
): Promise<{ countries: PlaceOption[]; states: Record<string, PlaceOption[]> }> {
  const countries = await engineCountries(context.services.store);
  const names = regionNames(language);
  const collator = new Intl.Collator(language);
  return {
    countries: countries
      .map((country) => ({ code: country.code, name: names.of(country.code) ?? country.name }))
      .sort((a, b) => collator.compare(a.name, b.name)),
    states: Object.fromEntries(
      countries.filter((country) => country.states.length > 0).map((country) => [country.code, country.states]),
    ),
  };
}

export function addressFormValues(address: CustomerAddressDto): AddressFormValues {
  return {
    first_name: address.first_name,
    last_name: address.last_name,
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    state_or_province: address.state_or_province,
    postal_code: address.postal_code,
    country_code: address.country_code,
    phone: address.phone,
    is_default: address.is_default ? 'on' : '',
  };
}

/**
 * `/{lang}/account/addresses`: the address book, with the form to add one (`?add`) or edit
 * one (`?edit={id}`, the customer's own only; another id just shows the list).
 */
export async function loadAddressesPage(
  context: LoadContextOf<'customers' | 'store', 'customer'>,
  request: Request,
  localeState: LocaleState,
) {
  const status = requireCustomer(context, request, localeState);
  const query = new URL(request.url).searchParams;
  const [addresses, places] = await Promise.all([
    context.services.customers.listAddresses(status.customer.id),
    addressPlaces(context, localeState.language),
  ]);
  const names = regionNames(localeState.language);
  const editId = parseOrderNumber(query.get('edit'));
  const editing = editId === null ? undefined : addresses.find((address) => address.id === editId);
  const ownCountry = localeState.country.toUpperCase();
  const defaultCountry = places.countries.some((country) => country.code === ownCountry)
    ? ownCountry
    : (places.countries[0]?.code ?? ownCountry);
  return {
    notice: noticeOf(query.get('status')),
    addresses: addresses.map((address) => addressView(address, names)),
    ...places,
    /** The form open on the page: an address being edited, a new one, or none. */
    form: editing
      ? { addressId: editing.id, values: addressFormValues(editing) }
      : query.has('add')
        ? {
            addressId: null,
            values: {
              country_code: defaultCountry,
              first_name: status.customer.first_name,
              last_name: status.customer.last_name,
            },
          }
        : null,
    defaultCountry,
  };
}

/** `/{lang}/account/profile`: the customer's details, email and password forms. */
export function loadProfilePage(context: LoadContextOf<never, 'customer'>, request: Request, localeState: LocaleState) {
  const { customer } = requireCustomer(context, request, localeState);
  const query = new URL(request.url).searchParams;
  return {
    notice: noticeOf(query.get('status')),
    details: {
      first_name: customer.first_name,
      last_name: customer.last_name,
      company: customer.company,
      phone: customer.phone,
      accepts_marketing: customer.accepts_marketing ? 'on' : '',
    },
    email: customer.email,
    minPasswordLength: MIN_PASSWORD_LENGTH,
  };
}
