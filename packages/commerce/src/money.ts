/**
 * Prices are stored in integer minor units; the API speaks BigCommerce's decimal amounts.
 * Division by 10^places of an integer is exact to the displayed precision.
 */
export function minorToDecimal(minor: number, decimalPlaces = 2): number {
  return Number((minor / 10 ** decimalPlaces).toFixed(decimalPlaces));
}
