import { CONSENT_COOKIE, parseConsent, type ConsentChoice } from '@piste/core';
import { readCookie } from '../../lib/request.server';

/** The visitor's stored cookie choice, or null while they have not decided. */
export function readConsent(request: Request): ConsentChoice | null {
  return parseConsent(readCookie(request, CONSENT_COOKIE));
}
