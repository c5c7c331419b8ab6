/** The ALTCHA widget as the guard uses it: it reports its state and can be asked to start. */
type Widget = HTMLElement & { verify?: () => unknown; getState?: () => string };

/**
 * Holds back a submission of a protected form until its proof of work is done, then sends it
 * with the same submit button. It guards the form from the moment the form appears, before the
 * widget has even loaded, so an early click never posts without a token. Registered on the form
 * itself, it runs before React Router's own submit handling (delegated at the root).
 */
export function createSubmitGuard(form: HTMLFormElement) {
  let state = 'unverified';
  let widget: Widget | null = null;
  let waiting: { submitter: HTMLElement | null } | null = null;

  /** Sends the submission that waited, once the check is done. */
  const release = () => {
    if (state !== 'verified' || !waiting) return;
    const { submitter } = waiting;
    waiting = null;
    form.requestSubmit(submitter instanceof HTMLButtonElement ? submitter : null);
  };
  const onState = (event: Event) => {
    state = (event as CustomEvent<{ state?: string }>).detail?.state ?? state;
    release();
    // A failed or expired check shows its message; the next click starts a new one.
    if (state === 'error' || state === 'expired') waiting = null;
  };
  /** The widget's own word when it can give it (after it loaded), else the last state it reported. */
  const currentState = () => widget?.getState?.() ?? state;
  const onSubmit = (event: SubmitEvent) => {
    if (currentState() === 'verified') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    waiting = { submitter: event.submitter };
    // A check under way (the widget starts one as it loads) finishes by itself: asking again
    // would restart it, and the restart's error would drop this submission. Only a check that
    // failed or expired is started again.
    const current = currentState();
    if (current === 'error' || current === 'expired') void widget?.verify?.();
  };
  form.addEventListener('submit', onSubmit);

  return {
    /** The widget whose state opens the form; until then every submission waits. */
    attach(element: Widget) {
      widget = element;
      element.addEventListener('statechange', onState);
      // A check that finished before its events were heard still opens the form.
      state = element.getState?.() ?? state;
      release();
    },
    dispose() {
      form.removeEventListener('submit', onSubmit);
      widget?.removeEventListener('statechange', onState);
    },
  };
}
