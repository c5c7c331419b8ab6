import { useEffect, useRef, useState } from 'react';
import { consentModeState } from '@piste/core';
import { useNonce } from '../../lib/nonce';
import { useRootData } from '../../lib/root-data';
import { pushConsentUpdate, TAG_MANAGER_SCRIPT_ID, tagManagerBootstrap } from './tag-manager-bootstrap';

/** The CSP nonce of this page, as the browser keeps it on the scripts the server rendered. */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

/**
 * Spec §7 'Other': "A tag-manager script is loaded" — only while tracking is enabled. A visitor
 * who consented earlier gets it from the server, in the page's head with the CSP nonce. React
 * never runs a script it inserts itself, so consent given on the page adds the same bootstrap
 * by hand, with the same nonce; a later change of mind is passed on as a consent-mode update.
 */
export function TagManagerScript() {
  const nonce = useNonce();
  const root = useRootData();
  const tagManagerId = root?.tagManagerId ?? null;
  const consent = root?.consent ?? null;
  // What the server rendered stays as it was: hydration must see the same script.
  const [serverBootstrap] = useState(() =>
    tagManagerId && consent ? tagManagerBootstrap(tagManagerId, consentModeState(consent)) : null,
  );
  const signalled = useRef(serverBootstrap && consent ? JSON.stringify(consentModeState(consent)) : null);

  useEffect(() => {
    if (!consent) return;
    const consentMode = consentModeState(consent);
    const key = JSON.stringify(consentMode);
    if (signalled.current === key) return;
    if (document.getElementById(TAG_MANAGER_SCRIPT_ID)) {
      pushConsentUpdate(consentMode);
    } else if (tagManagerId) {
      const script = document.createElement('script');
      script.id = TAG_MANAGER_SCRIPT_ID;
      script.nonce = pageNonce();
      script.textContent = tagManagerBootstrap(tagManagerId, consentMode);
      document.head.appendChild(script);
    } else {
      return;
    }
    signalled.current = key;
  }, [tagManagerId, consent]);

  return serverBootstrap ? (
    <script id={TAG_MANAGER_SCRIPT_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: serverBootstrap }} />
  ) : null;
}
