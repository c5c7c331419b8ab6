import { describe, expect, it } from 'vitest';
import { trackingState } from './tracking-state';

describe('trackingState', () => {
  it('loads the container only with consent to analytics', () => {
    expect(trackingState('GTM-PISTE', { analytics: true, marketing: false })).toEqual({
      consent: { analytics: true, marketing: false },
      consentRequired: true,
      trackingEnabled: true,
      tagManagerId: 'GTM-PISTE',
    });
  });

  it('asks for consent while the visitor has not decided, and tracks nothing meanwhile', () => {
    expect(trackingState('GTM-PISTE', null)).toEqual({
      consent: null,
      consentRequired: true,
      trackingEnabled: false,
      tagManagerId: null,
    });
  });

  it('tracks nothing after a refusal', () => {
    expect(trackingState('GTM-PISTE', { analytics: false, marketing: true })).toMatchObject({
      trackingEnabled: false,
      tagManagerId: null,
    });
  });

  it('asks nothing without a container: there is nothing to consent to', () => {
    expect(trackingState(null, null)).toEqual({
      consent: null,
      consentRequired: false,
      trackingEnabled: false,
      tagManagerId: null,
    });
  });
});
