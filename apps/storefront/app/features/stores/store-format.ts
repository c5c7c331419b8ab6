import type { StoreEntry } from '@piste/content';
import { countryName } from '../../lib/country-name';

type StoreAddress = StoreEntry['address'];

/** Countries that write "City, ST 12345" on one line, as their postal services ask. */
const CITY_STATE_POSTCODE = new Set(['us', 'ca', 'au']);
/** Countries that give the postcode a line of its own, after the town. */
const POSTCODE_LINE = new Set(['gb']);

/**
 * A dealer's address as lines for an envelope in its own country: "6020 Innsbruck" in Europe,
 * "Denver, CO 80202" in North America, the postcode on its own line in the UK; the country last.
 */
export function addressLines(address: StoreAddress, language: string): string[] {
  const country = address.country.trim().toLowerCase();
  const street = address.street_address.split('\n');
  const city = address.city.trim();
  const postcode = address.postal_code.trim();
  const state = address.state.trim();
  const locality = CITY_STATE_POSTCODE.has(country)
    ? [[city, [state, postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ')]
    : POSTCODE_LINE.has(country)
      ? [city, postcode]
      : [[postcode, city].filter(Boolean).join(' ')];
  return [...street, ...locality, countryName(address.country, language)].map((line) => line.trim()).filter(Boolean);
}

/** A `tel:` link for a number as it is printed ("+43 512 58 41 20"), or null without digits. */
export function telHref(phone: string): string | null {
  const dialable = phone.replace(/[^\d+]/g, '');
  return /\d/.test(dialable) ? `tel:${dialable}` : null;
}

/** A dealer's website when it is a plain http(s) address; anything else is not linked. */
export function websiteHref(website: string | undefined): string | null {
  if (!website) return null;
  try {
    const url = new URL(website.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A maps search for the address (Google's documented cross-platform "Maps URLs"), which opens
 * the maps app on phones where the shopper can ask for a route from wherever they are.
 */
export function directionsUrl(address: StoreAddress, language: string): string {
  const query = addressLines(address, language).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
