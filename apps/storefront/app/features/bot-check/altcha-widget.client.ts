/**
 * The ALTCHA widget, loaded only by forms that need it: the `external` build keeps its styles
 * and workers out of inline code, so the page's CSP needs nothing new (the worker is a
 * same-origin file Vite emits).
 */
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/** Registers the shop's wording of the widget under `language`. */
export function setWidgetStrings(language: string, strings: Record<string, string>): void {
  $altcha.i18n.set(language, strings);
}

/**
 * Holds back a submission of the widget's form until the proof of work is done, then sends it
 * with the same submit button. Registered on the form itself, it runs before React Router's
 * own submit handling (delegated at the root), so an early click never posts without a token.
 */
export function holdSubmitsUntilVerified(widget: HTMLElement & { verify?: () => unknown }): () => void {
  const form = widget.closest('form');
  if (!form) return () => undefined;
  let verified = false;
  let waiting: { submitter: HTMLElement | null } | null = null;
  const onState = (event: Event) => {
    const state = (event as CustomEvent<{ state?: string }>).detail?.state;
    verified = state === 'verified';
    if (verified && waiting) {
      const { submitter } = waiting;
      waiting = null;
      form.requestSubmit(submitter instanceof HTMLButtonElement ? submitter : null);
    }
    // A failed or expired check starts again rather than leaving the shopper stuck.
    if (state === 'error' || state === 'expired') waiting = null;
  };
  const onSubmit = (event: SubmitEvent) => {
    if (verified) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    waiting = { submitter: event.submitter };
    void widget.verify?.();
  };
  widget.addEventListener('statechange', onState);
  form.addEventListener('submit', onSubmit);
  return () => {
    widget.removeEventListener('statechange', onState);
    form.removeEventListener('submit', onSubmit);
  };
}
