/** Spec §5: "A tag-manager id must match GTM- followed by uppercase letters or digits." */
export const TAG_MANAGER_ID_PATTERN = /^GTM-[A-Z0-9]+$/;

/** The tag-manager container id, or a thrown error naming the bad one (spec §8 'Invalid tag-manager id: Throws'). */
export function parseTagManagerId(id: string): string {
  if (!TAG_MANAGER_ID_PATTERN.test(id)) {
    throw new Error(
      `Invalid tag-manager id "${id.slice(0, 40)}": expected GTM- followed by uppercase letters or digits.`,
    );
  }
  return id;
}

/** The container's script, as Google's standard bootstrap loads it. */
export function tagManagerScriptUrl(id: string): string {
  return `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(parseTagManagerId(id))}`;
}

/**
 * What the page's Content-Security-Policy must allow once a container is configured: the tag
 * manager's scripts, and the beacons and pixels of GA4 that its tags send (Google's CSP guide
 * for Tag Manager and Google Analytics 4).
 */
export const TAG_MANAGER_CSP_SOURCES = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
} as const;
