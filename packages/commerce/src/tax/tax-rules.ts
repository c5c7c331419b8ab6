import { divideRounded } from '../money';

/** Rates are thousandths of a percent: 100 % is 100,000. */
const HUNDRED_PERCENT = 100_000n;

/** Tax added on top of a net amount (US sales tax, Canadian GST/HST/PST). */
export function addedTax(netMinor: number, rateMillipercent: number): number {
  return Number(divideRounded(BigInt(netMinor) * BigInt(rateMillipercent), HUNDRED_PERCENT));
}

/** The tax contained in a tax-inclusive amount (EU VAT): gross × rate / (100 % + rate). */
export function includedTax(grossMinor: number, rateMillipercent: number): number {
  const rate = BigInt(rateMillipercent);
  return Number(divideRounded(BigInt(grossMinor) * rate, HUNDRED_PERCENT + rate));
}
