/**
 * Money is integer minor units; the API speaks BigCommerce's decimal amounts.
 *
 * The one rounding rule: an amount that falls between two minor units (a percentage off, a
 * tax) rounds to the nearest one, and an exact half rounds away from zero ("half up":
 * $153.965 → $153.97). The division is done in BigInt, so no binary fraction ever decides a cent.
 */

/** Percentages are kept in ten-thousandths of a percent: discount rules carry four decimals ('30.0000'). */
const PERCENT_SCALE = 10_000;
const HUNDRED_PERCENT = BigInt(100 * PERCENT_SCALE);

/** numerator / denominator to the nearest integer, halves away from zero (2.5 → 3, −2.5 → −3). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/** What is left of an amount after `percent` % off (0–100, up to four decimals), rounded half up. */
export function afterPercentOff(minor: number, percent: number): number {
  const percentScaled = BigInt(Math.round(Math.min(100, Math.max(0, percent)) * PERCENT_SCALE));
  return Number(divideRounded(BigInt(minor) * (HUNDRED_PERCENT - percentScaled), HUNDRED_PERCENT));
}

/** Minor units as the API's decimal amount. Division by 10^places of an integer is exact to the displayed precision. */
export function minorToDecimal(minor: number, decimalPlaces = 2): number {
  return Number((minor / 10 ** decimalPlaces).toFixed(decimalPlaces));
}
