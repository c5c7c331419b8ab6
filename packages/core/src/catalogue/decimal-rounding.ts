/**
 * Money rounding shared by currency formatting (spec §3 'Currency format') and
 * analytics items (spec §3 'Analytics items'). Rounds half away from zero on the
 * number's shortest decimal form, so 1.005 rounds to 1.01 as a shopper expects
 * (binary floating point would give 1.00), and 19.99 - 14.99 gives exactly 5.
 */

/** An unsigned decimal split at its point: digit strings without signs or separators. */
export interface DecimalParts {
  negative: boolean;
  integer: string;
  fraction: string;
}

/**
 * Splits a finite number into sign, integer digits and fraction digits rounded
 * half away from zero to `places` (the fraction has exactly `places` digits).
 * A value that rounds to zero is never negative. Throws on a non-finite value or
 * a `places` that is not a non-negative integer.
 */
export function roundToDecimalParts(value: number, places: number): DecimalParts {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot round a non-finite value: ${value}`);
  if (!Number.isInteger(places) || places < 0) throw new RangeError(`Invalid decimal places: ${places}`);
  const { integer, fraction } = plainDigits(Math.abs(value));
  let kept = integer + fraction.slice(0, places).padEnd(places, '0');
  if ((fraction[places] ?? '0') >= '5') kept = incrementDigits(kept);
  const integerPart = stripLeadingZeros(kept.slice(0, kept.length - places));
  const fractionPart = kept.slice(kept.length - places);
  const isZero = /^0*$/.test(integerPart + fractionPart);
  return { negative: value < 0 && !isZero, integer: integerPart, fraction: fractionPart };
}

/** `value` rounded half away from zero to `places` decimals (2 for money). */
export function roundHalfAwayFromZero(value: number, places = 2): number {
  const { negative, integer, fraction } = roundToDecimalParts(value, places);
  const magnitude = Number(fraction === '' ? integer : `${integer}.${fraction}`);
  return negative ? -magnitude : magnitude;
}

/** The digits of a non-negative finite number, without exponent notation (1e21, 1e-7). */
function plainDigits(abs: number): { integer: string; fraction: string } {
  const [mantissa = '0', exponentText = '0'] = String(abs).split('e');
  const [whole = '0', decimals = ''] = mantissa.split('.');
  const digits = whole + decimals;
  const point = whole.length + Number(exponentText);
  if (point <= 0) return { integer: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { integer: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { integer: digits.slice(0, point), fraction: digits.slice(point) };
}

/** Adds one to a string of decimal digits ("199" → "200", "99" → "100"). */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '9') {
      out[i] = '0';
    } else {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
  }
  return `1${out.join('')}`;
}

function stripLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '') || '0';
}
