import { useEffect, useRef, useState } from 'react';
import { consentModeState } from '@piste/core';
import { useRootData } from '../../lib/root-data';
import {
  pushConsentUpdate,
  startTagManager,
  TAG_MANAGER_SCRIPT_ID,
  tagManagerBootstrap,
} from './tag-manager-bootstrap';

/**
 * Spec §7 'Other': "A tag-manager script is loaded" — only while tracking is enabled. A visitor
 * who consented earlier gets it from the server, inline in the page's head (its policy lists
 * the script's hash). Consent given on the page starts the same bootstrap from the page's own
 * code; a later change of mind is passed on as a consent-mode update.
 */
export function TagManagerScript() {
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
      startTagManager(tagManagerId, consentMode);
    } else {
      return;
    }
    signalled.current = key;
  }, [tagManagerId, consent]);

  return serverBootstrap ? (
    <script id={TAG_MANAGER_SCRIPT_ID} dangerouslySetInnerHTML={{ __html: serverBootstrap }} />
  ) : null;
}
