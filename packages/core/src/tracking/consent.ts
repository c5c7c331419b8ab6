/**
 * Cookie consent (docs/analytics.md 'Consent'): tracking is enabled only after consent, given in
 * a cookie-consent banner (accept / reject / choose) with the choice stored and changeable from
 * the footer.
 *
 * Three categories: necessary (always on: cart, sign-in, locale, security and this choice),
 * analytics (the tag manager and its GA4 events) and marketing (advertising tags in the
 * container; off unless chosen). The choice lives in a first-party cookie that the server reads,
 * so a page is rendered with or without the tag manager from its first byte.
 */

export const CONSENT_COOKIE = 'piste_consent';
/** Asked again after 180 days: consent is renewed rather than assumed forever. */
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/**
 * The value's version. Raise it when the categories or what they cover change: every stored
 * choice then reads as undecided and the banner asks again.
 */
export const CONSENT_VERSION = 1;

/** The optional categories; necessary cookies need no consent and are not recorded. */
export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

export const ACCEPT_ALL: ConsentChoice = { analytics: true, marketing: true };
export const REJECT_ALL: ConsentChoice = { analytics: false, marketing: false };

const VALUE_PATTERN = new RegExp(`^v${CONSENT_VERSION}\\.a([01])\\.m([01])$`);

/** The cookie value of a choice, e.g. `v1.a1.m0`: versioned, and only cookie-safe characters. */
export function serializeConsent(choice: ConsentChoice): string {
  return `v${CONSENT_VERSION}.a${choice.analytics ? 1 : 0}.m${choice.marketing ? 1 : 0}`;
}

/** The stored choice, or null (undecided) for no value, a malformed one or another version. */
export function parseConsent(value: string | null | undefined): ConsentChoice | null {
  const match = value ? VALUE_PATTERN.exec(value) : null;
  return match ? { analytics: match[1] === '1', marketing: match[2] === '1' } : null;
}

/**
 * The Set-Cookie header that stores a choice. Not HttpOnly on purpose: the value is no secret,
 * and tags inside the tag-manager container that do not understand Google's consent mode (a
 * marketing pixel) read the choice from this cookie. SameSite=Lax keeps it first-party.
 */
export function consentSetCookie(choice: ConsentChoice, options: { secure: boolean }): string {
  const secure = options.secure ? '; Secure' : '';
  return `${CONSENT_COOKIE}=${serializeConsent(choice)}; Path=/; Max-Age=${CONSENT_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/**
 * The choice a submitted consent form makes, or null for a form that makes none (an unknown
 * decision). A checkbox counts as ticked only with the browser's default value `on`.
 */
export function consentFromForm(fields: {
  decision: unknown;
  analytics?: unknown;
  marketing?: unknown;
}): ConsentChoice | null {
  switch (fields.decision) {
    case 'accept':
      return { ...ACCEPT_ALL };
    case 'reject':
      return { ...REJECT_ALL };
    case 'save':
      return { analytics: fields.analytics === 'on', marketing: fields.marketing === 'on' };
    default:
      return null;
  }
}

/**
 * Spec §7 'Other': "Analytics events go to a data layer only when tracking is enabled" — and
 * tracking is enabled only with a tag-manager container configured AND the visitor's consent
 * to analytics.
 */
export function trackingAllowed(tagManagerId: string | null, consent: ConsentChoice | null): boolean {
  return tagManagerId !== null && consent?.analytics === true;
}

/** Google's consent mode signals for a choice: what the container's Google tags may store and use. */
export interface ConsentModeState {
  analytics_storage: 'granted' | 'denied';
  ad_storage: 'granted' | 'denied';
  ad_user_data: 'granted' | 'denied';
  ad_personalization: 'granted' | 'denied';
}

export function consentModeState(choice: ConsentChoice): ConsentModeState {
  const grant = (allowed: boolean) => (allowed ? 'granted' : 'denied');
  return {
    analytics_storage: grant(choice.analytics),
    ad_storage: grant(choice.marketing),
    ad_user_data: grant(choice.marketing),
    ad_personalization: grant(choice.marketing),
  };
}
