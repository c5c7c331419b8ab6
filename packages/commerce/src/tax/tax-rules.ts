/** Rates are thousandths of a percent: 100 % is 100,000. */
const HUNDRED_PERCENT = 100_000n;

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero
 * (2.5 → 3, −2.5 → −3), exactly: in BigInt, so no binary fraction ever decides a cent.
 */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/** Tax added on top of a net amount (US sales tax, Canadian GST/HST/PST). */
export function addedTax(netMinor: number, rateMillipercent: number): number {
  return Number(divideRounded(BigInt(netMinor) * BigInt(rateMillipercent), HUNDRED_PERCENT));
}

/** The tax contained in a tax-inclusive amount (EU VAT): gross × rate / (100 % + rate). */
export function includedTax(grossMinor: number, rateMillipercent: number): number {
  const rate = BigInt(rateMillipercent);
  return Number(divideRounded(BigInt(grossMinor) * rate, HUNDRED_PERCENT + rate));
}
