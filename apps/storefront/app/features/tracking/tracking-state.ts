import { trackingAllowed, type ConsentChoice } from '@piste/core';

/** What every page knows about tracking, from the root loader. */
export interface TrackingState {
  /** The visitor's cookie choice; null until they decide (the banner shows). */
  consent: ConsentChoice | null;
  /** Whether there is anything to consent to: the consent banner and settings exist only with a container. */
  consentRequired: boolean;
  /** Events reach the data layer: a container is configured and the visitor consented to analytics. */
  trackingEnabled: boolean;
  /** The container to load, only while tracking is enabled. */
  tagManagerId: string | null;
}

export function trackingState(tagManagerId: string | null, consent: ConsentChoice | null): TrackingState {
  const trackingEnabled = trackingAllowed(tagManagerId, consent);
  return {
    consent,
    consentRequired: tagManagerId !== null,
    trackingEnabled,
    tagManagerId: trackingEnabled ? tagManagerId : null,
  };
}

declare module '../../lib/root-data' {
  // What every page knows about tracking is part of the root data.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface RootData extends TrackingState {}
}
