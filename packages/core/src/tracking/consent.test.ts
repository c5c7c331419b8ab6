import { describe, expect, it } from 'vitest';
import {
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  consentFromForm,
  consentModeState,
  consentSetCookie,
  parseConsent,
  serializeConsent,
  trackingAllowed,
} from './consent';

describe('consent cookie value', () => {
  it.each([
    [{ analytics: true, marketing: true }, 'v1.a1.m1'],
    [{ analytics: true, marketing: false }, 'v1.a1.m0'],
    [{ analytics: false, marketing: true }, 'v1.a0.m1'],
    [{ analytics: false, marketing: false }, 'v1.a0.m0'],
  ])('stores %j as %s and reads it back', (choice, value) => {
    expect(serializeConsent(choice)).toBe(value);
    expect(parseConsent(value)).toEqual(choice);
  });

  it.each([
    null,
    undefined,
    '',
    'yes',
    'v1.a1',
    'v1.a2.m0',
    'V1.a1.m0',
    ' v1.a1.m0',
    'v1.a1.m0;',
    'v0.a1.m1',
    'v2.a1.m1',
  ])('reads %j as undecided (absent, malformed, or another version)', (value) => {
    expect(parseConsent(value)).toBeNull();
  });
});

describe('consentSetCookie', () => {
  it('keeps the choice for 180 days, site-wide, SameSite=Lax, readable by the page', () => {
    const cookie = consentSetCookie({ analytics: true, marketing: false }, { secure: false });
    expect(cookie).toBe('piste_consent=v1.a1.m0; Path=/; Max-Age=15552000; SameSite=Lax');
    expect(CONSENT_COOKIE_MAX_AGE_SECONDS).toBe(180 * 86_400);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('is Secure over HTTPS', () => {
    expect(consentSetCookie({ analytics: false, marketing: false }, { secure: true })).toMatch(/; Secure$/);
  });
});

describe('consentFromForm', () => {
  it('accept all grants analytics and marketing', () => {
    expect(consentFromForm({ decision: 'accept' })).toEqual({ analytics: true, marketing: true });
  });

  it('reject all grants nothing, whatever boxes come along', () => {
    expect(consentFromForm({ decision: 'reject', analytics: 'on', marketing: 'on' })).toEqual({
      analytics: false,
      marketing: false,
    });
  });

  it('save takes the ticked boxes; an unticked box is absent from the form', () => {
    expect(consentFromForm({ decision: 'save', analytics: 'on' })).toEqual({ analytics: true, marketing: false });
    expect(consentFromForm({ decision: 'save', marketing: 'on' })).toEqual({ analytics: false, marketing: true });
    expect(consentFromForm({ decision: 'save' })).toEqual({ analytics: false, marketing: false });
  });

  it('save counts only the browser value "on" as ticked', () => {
    expect(consentFromForm({ decision: 'save', analytics: 'off', marketing: 'true' })).toEqual({
      analytics: false,
      marketing: false,
    });
  });

  it.each([undefined, null, '', 'accept-all', 'ACCEPT', ['accept']])('makes no choice for decision %j', (decision) => {
    expect(consentFromForm({ decision })).toBeNull();
  });
});

describe('trackingAllowed', () => {
  it('needs a tag-manager container and consent to analytics', () => {
    expect(trackingAllowed('GTM-ABC1', { analytics: true, marketing: false })).toBe(true);
    expect(trackingAllowed('GTM-ABC1', { analytics: false, marketing: true })).toBe(false);
    expect(trackingAllowed('GTM-ABC1', null)).toBe(false);
    expect(trackingAllowed(null, { analytics: true, marketing: true })).toBe(false);
  });
});

describe('consentModeState', () => {
  it('grants analytics storage with analytics, and the advertising signals only with marketing', () => {
    expect(consentModeState({ analytics: true, marketing: false })).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    expect(consentModeState({ analytics: true, marketing: true })).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
  });
});
