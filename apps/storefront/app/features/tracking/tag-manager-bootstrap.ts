import { tagManagerScriptUrl, type ConsentModeState } from '@piste/core';

/** The id of the inline bootstrap script: its presence says the container is loading or loaded. */
export const TAG_MANAGER_SCRIPT_ID = 'tag-manager-bootstrap';

/**
 * Google's standard Tag Manager bootstrap, preceded by the visitor's consent mode defaults:
 * queue `consent default`, then `gtm.start`, then add `gtm.js` asynchronously with the nonce
 * of the running script (the page's CSP nonce). The id is validated (spec §5) and the consent
 * values are fixed words, so nothing here comes from a visitor.
 */
export function tagManagerBootstrap(tagManagerId: string, consentMode: ConsentModeState): string {
  const src = JSON.stringify(tagManagerScriptUrl(tagManagerId));
  return (
    '(function(w,d,s){w.dataLayer=w.dataLayer||[];' +
    'function gtag(){w.dataLayer.push(arguments)}' +
    `gtag('consent','default',${JSON.stringify(consentMode)});` +
    "w.dataLayer.push({'gtm.start':new Date().getTime(),event:'gtm.js'});" +
    `var j=d.createElement('script');j.async=true;j.src=${src};if(s&&s.nonce)j.nonce=s.nonce;` +
    'd.head.appendChild(j)})(window,document,document.currentScript)'
  );
}

/** Tells the loaded container's Google tags that the visitor changed their choice (consent mode `update`). */
export function pushConsentUpdate(consentMode: ConsentModeState): void {
  window.dataLayer ??= [];
  // Tag Manager reads consent commands only as an `arguments` object, as `gtag()` pushes them.
  (function gtag(..._command: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  })('consent', 'update', consentMode);
}
