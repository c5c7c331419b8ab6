import { tagManagerScriptUrl, type ConsentModeState } from '@piste/core';

/** The id of the bootstrap's script element: its presence says the container is loading or loaded. */
export const TAG_MANAGER_SCRIPT_ID = 'tag-manager-bootstrap';

/**
 * Google's standard Tag Manager bootstrap as inline script text, for the server's HTML: queue
 * the visitor's consent mode defaults, then `gtm.start`, then add `gtm.js` asynchronously. The
 * page's policy allows this text by its hash and `gtm.js` by its origin (docs/analytics.md). The
 * id is validated (spec §5) and the consent values are fixed words, so nothing here comes from
 * a visitor.
 */
export function tagManagerBootstrap(tagManagerId: string, consentMode: ConsentModeState): string {
  const src = JSON.stringify(tagManagerScriptUrl(tagManagerId));
  return (
    '(function(w,d){w.dataLayer=w.dataLayer||[];' +
    'function gtag(){w.dataLayer.push(arguments)}' +
    `gtag('consent','default',${JSON.stringify(consentMode)});` +
    "w.dataLayer.push({'gtm.start':new Date().getTime(),event:'gtm.js'});" +
    `var j=d.createElement('script');j.async=true;j.src=${src};` +
    'd.head.appendChild(j)})(window,document)'
  );
}

/**
 * The same bootstrap, run by the page's own code when the visitor consents on the page. An
 * inline script added then would be refused: the page's policy lists only the scripts it was
 * rendered with. `gtm.js` carries the id here, as the inline script does in the server's HTML.
 */
export function startTagManager(tagManagerId: string, consentMode: ConsentModeState): void {
  gtag('consent', 'default', consentMode);
  window.dataLayer!.push({ 'gtm.start': new Date().getTime(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = TAG_MANAGER_SCRIPT_ID;
  script.async = true;
  script.src = tagManagerScriptUrl(tagManagerId);
  document.head.appendChild(script);
}

/** Tells the loaded container's Google tags that the visitor changed their choice (consent mode `update`). */
export function pushConsentUpdate(consentMode: ConsentModeState): void {
  gtag('consent', 'update', consentMode);
}

/** Google's `gtag()`: Tag Manager reads consent commands only as an `arguments` object. */
function gtag(..._command: unknown[]): void {
  window.dataLayer ??= [];
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
}
