import type {
  PaymentElement,
  PaymentElementOptions,
  PaymentElementResult,
  PaymentElementSetup,
} from './payment-element';

/** Before the element reports its height: about its four fields. */
const INITIAL_HEIGHT_PX = 240;
/** A height past this is not the card form's: it is ignored. */
const MAX_HEIGHT_PX = 1200;

type ElementMessage =
  | { type: 'piste-payment:resize'; height: number }
  | { type: 'piste-payment:submit' }
  | {
      type: 'piste-payment:result';
      status: 'authorized' | 'failed';
      intentId: string;
      code?: string;
      message?: string;
    };

function isElementMessage(data: unknown): data is ElementMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type } = data as { type?: unknown };
  return type === 'piste-payment:resize' || type === 'piste-payment:submit' || type === 'piste-payment:result';
}

/**
 * The embedded test provider's card element (docs/checkout.md 'Payments'): its page on the
 * provider's own origin, in a frame. The card typed there is posted by the frame to its origin;
 * this page only says which intent to confirm and hears the outcome. Both directions name the
 * other's exact origin and check it on receipt (issue 28 'The payment flow' step 2).
 */
export function createTestPaymentElement(setup: PaymentElementSetup, options: PaymentElementOptions): PaymentElement {
  if (!setup.elementUrl) throw new Error('The test payment provider gave no element URL.');
  const url = new URL(setup.elementUrl);
  url.searchParams.set('locale', options.locale);
  const origin = url.origin;
  let frame: HTMLIFrameElement | null = null;
  /** Loads of the frame: after the first, it left the card form for the bank's extra step. */
  let loads = 0;
  let loaded: Promise<void> = Promise.resolve();
  let waiting: { intentId: string; settle: (result: PaymentElementResult) => void } | null = null;

  const onMessage = (event: MessageEvent) => {
    if (!frame || event.origin !== origin || event.source !== frame.contentWindow) return;
    const message: unknown = event.data;
    if (!isElementMessage(message)) return;
    if (message.type === 'piste-payment:resize') {
      if (Number.isFinite(message.height) && message.height > 0 && message.height <= MAX_HEIGHT_PX) {
        frame.style.height = `${Math.ceil(message.height)}px`;
      }
    } else if (message.type === 'piste-payment:submit') {
      options.onSubmit();
    } else if (waiting && message.intentId === waiting.intentId) {
      const { settle } = waiting;
      waiting = null;
      if (message.status === 'authorized') {
        settle({ status: 'authorized', intentId: message.intentId });
        return;
      }
      // Refused after the bank's step: the card form comes back for another try.
      if (loads > 1) load();
      settle({ status: 'failed', code: message.code, message: message.message ?? '' });
    }
  };

  function load() {
    if (!frame) return;
    const current = frame;
    loads = 0;
    loaded = new Promise((resolve) => current.addEventListener('load', () => resolve(), { once: true }));
    current.src = url.toString();
  }

  return {
    async mount(container) {
      frame = document.createElement('iframe');
      frame.title = options.title;
      frame.style.width = '100%';
      frame.style.height = `${INITIAL_HEIGHT_PX}px`;
      frame.style.border = '0';
      frame.style.display = 'block';
      const current = frame;
      current.addEventListener('load', () => {
        loads += 1;
        // The bank's step opened in the frame while the page waits: the shopper's focus goes to it.
        if (loads > 1 && waiting) current.focus();
      });
      window.addEventListener('message', onMessage);
      // Its address before it joins the page, so it never loads about:blank first.
      load();
      container.replaceChildren(frame);
      await loaded;
    },
    async confirm(intent) {
      await loaded;
      const target = frame?.contentWindow;
      if (!target) return { status: 'failed', code: 'element_missing', message: '' };
      waiting?.settle({ status: 'failed', code: 'superseded', message: '' });
      return new Promise<PaymentElementResult>((settle) => {
        waiting = { intentId: intent.id, settle };
        target.postMessage(
          { type: 'piste-payment:confirm', intentId: intent.id, clientSecret: intent.clientSecret },
          origin,
        );
      });
    },
    destroy() {
      window.removeEventListener('message', onMessage);
      waiting = null;
      frame?.remove();
      frame = null;
    },
  };
}
