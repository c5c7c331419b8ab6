import { createContext, useCallback, useContext, useId, useRef, useState, type ReactNode } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { useDisplayText } from '../../lib/display-text';
import { ConsentChoiceForm } from './consent-choice-form';
import { useConsent, useConsentFetcher, useConsentTarget, useHydrated } from './consent-state';
import styles from './consent.module.css';

/** Opens the cookie settings dialog; focus goes back to `opener` when it closes. */
type OpenConsentSettings = (opener: HTMLElement | null) => void;

const ConsentSettingsContext = createContext<OpenConsentSettings | null>(null);

/** Opens the cookie settings dialog, or null where there is none (before hydration). */
export function useOpenConsentSettings(): OpenConsentSettings | null {
  return useContext(ConsentSettingsContext);
}

/**
 * Gives the banner's "Choose" and the footer's "Cookie settings" one settings dialog, and
 * announces a saved choice to screen readers (the banner that was focused disappears).
 */
export function ConsentSettingsProvider({ children }: { children: ReactNode }) {
  const t = useDisplayText();
  const hydrated = useHydrated();
  const fetcher = useConsentFetcher();
  const [opener, setOpener] = useState<{ element: HTMLElement | null } | null>(null);
  const open = useCallback<OpenConsentSettings>((element) => setOpener({ element }), []);
  const close = useCallback(() => {
    // Back where the visitor was, unless that control went away with the banner.
    if (opener?.element?.isConnected) opener.element.focus();
    setOpener(null);
  }, [opener]);

  return (
    <ConsentSettingsContext.Provider value={hydrated ? open : null}>
      {children}
      {opener ? <ConsentDialog onClose={close} /> : null}
      <p role="status" className={styles.visuallyHidden}>
        {fetcher.state === 'idle' && fetcher.data?.ok ? t('Your cookie choice is saved.') : ''}
      </p>
    </ConsentSettingsContext.Provider>
  );
}

/**
 * The "choose" step: a native modal dialog (focus stays inside; Escape or the close button
 * cancel without saving anything) holding the categories form, posted through the consent
 * fetcher so the page stays as it is.
 */
function ConsentDialog({ onClose }: { onClose: () => void }) {
  const t = useDisplayText();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fetcher = useConsentFetcher();
  const { consent } = useConsent();
  const { action } = useConsentTarget();

  return (
    <ModalDialog dialogRef={dialogRef} labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId} className={styles.dialogTitle}>
        {t('Cookie settings')}
      </h2>
      <p className={styles.dialogIntro}>
        {t(
          'Choose which cookies we may use. You can change this at any time from “Cookie settings” at the foot of every page.',
        )}
      </p>
      <ConsentChoiceForm
        FormComponent={fetcher.Form}
        action={action}
        returnTo={null}
        initial={consent}
        onSubmit={() => dialogRef.current?.close()}
      />
    </ModalDialog>
  );
}
