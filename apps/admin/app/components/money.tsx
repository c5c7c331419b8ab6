/** The back office shows amounts in one locale: the merchant's, not the shopper's. */
const LOCALE = 'en-GB';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** How many decimals the currency has (EUR 2, JPY 0): the scale of its minor units. */
export function currencyDigits(currency: string): number {
  try {
    return formatterFor(currency).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** 1250 EUR → `€12.50`. */
export function formatMoney(minor: number, currency: string): string {
  try {
    return formatterFor(currency).format(minor / 10 ** currencyDigits(currency));
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** An amount in minor units, formatted for its currency; tabular figures line up in columns. */
export function Money({ amount, currency }: { amount: number; currency: string }) {
  return <span className="money">{formatMoney(amount, currency)}</span>;
}
