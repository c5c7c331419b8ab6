import type { LoadContextOf } from '@piste/server/load-context';
import { customerAddressLines } from '../account/account-view';
import {
  addressValuesOf,
  NEW_ADDRESS,
  type CheckoutPrefill,
  type CheckoutValues,
  type FieldErrors,
} from './checkout-fields';
import type { DestinationsView, SavedAddressView } from './checkout-view';
import { regionNames } from './place-names';

/** What reading the signed-in customer's address book needs. */
export type SavedAddressReads = LoadContextOf<'customers', 'customer'>;

/**
 * The signed-in customer's address book as the checkout offers it: only addresses in a country
 * the region ships to (an EU shop does not offer a US address), the default first. A guest has none.
 */
export async function savedAddressesFor(
  context: SavedAddressReads,
  destinations: DestinationsView,
  language: string,
): Promise<SavedAddressView[]> {
  const customer = context.customer?.customer;
  if (!customer) return [];
  const shipsTo = new Set(destinations.shippingCountries.map((country) => country.code));
  const names = regionNames(language);
  // Listed default first (customer service), then oldest first.
  const book = await context.services.customers.listAddresses(customer.id);
  return book
    .filter((address) => shipsTo.has(address.country_code))
    .map((address) => ({
      id: String(address.id),
      lines: customerAddressLines(address, names.of(address.country_code) ?? address.country_code),
      isDefault: address.is_default,
      values: addressValuesOf(address),
    }));
}

/** What a signed-in customer's checkout opens with: their email and their default (else first) usable address. */
export function checkoutPrefill(
  context: LoadContextOf<never, 'customer'>,
  saved: readonly SavedAddressView[],
): CheckoutPrefill {
  const chosen = saved.find((address) => address.isDefault) ?? saved[0];
  return {
    email: context.customer?.customer.email ?? '',
    saved: chosen ? { id: chosen.id, values: chosen.values } : null,
  };
}

/**
 * The posted address book choice must be one the page offered this customer: a new address, or
 * one of their own saved addresses in a country the region ships to. Any other id (another
 * customer's, a guest's guess, an address since deleted) is refused, so the choice can never
 * tell whether someone else's address exists.
 */
export function savedAddressErrors(chosenId: string, saved: readonly SavedAddressView[]): FieldErrors {
  if (chosenId === NEW_ADDRESS || saved.some((address) => address.id === chosenId)) return {};
  return { shipping_address_id: { message: 'Choose one of your saved addresses, or a new address.' } };
}

/**
 * Without JavaScript, choosing another saved address cannot fill the fields: 'Show shipping
 * options' (a quote post of the whole form) then answers the fields filled from it. The hidden
 * `shipping_address_filled` names the address the fields were last filled from, so an address
 * the shopper has since edited is not overwritten; with JavaScript the two are always the same.
 */
export async function withChosenAddress(
  context: SavedAddressReads,
  values: CheckoutValues,
  form: FormData,
  destinations: DestinationsView,
  language: string,
): Promise<CheckoutValues> {
  const chosen = values.shippingAddressId;
  if (chosen === NEW_ADDRESS || form.get('shipping_address_filled') === chosen) return values;
  const saved = (await savedAddressesFor(context, destinations, language)).find((address) => address.id === chosen);
  return saved ? { ...values, shipping: saved.values } : values;
}
