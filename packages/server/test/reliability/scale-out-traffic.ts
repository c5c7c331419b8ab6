import { randomUUID } from 'node:crypto';
import { DEMO } from '../support/test-browser';
import { solvedToken } from '../support/bot-token';
import { confirmTestCard, HttpShopper, intentCheckout, type HttpAnswer } from './http-shopper';

/** One request of the mixed traffic sent through the load balancer. */
export interface TrafficSample {
  kind: string;
  method: string;
  /** 0 when no answer came. */
  status: number;
  expected: boolean;
  /** When it was sent, in milliseconds since the traffic began. */
  at: number;
  /** How long its answer (or the failure) took. */
  ms: number;
  detail?: string;
}

/** A checkout as its shopper saw it: the order it was told of, and how many times it sent again. */
export interface CheckoutRecord {
  key: string;
  cartId: string;
  orderId: number | null;
  /** Payment or checkout POSTs sent again after no answer or a 502/503. */
  retries: number;
}

export interface TrafficVariant {
  id: number;
  product_id: number;
}

const LOCALES = ['en-us', 'de-de', 'fr-fr', 'en-ca'];
const CATEGORIES = ['bindings', 'helmets', 'goggles', 'accessories'];
const SEARCH_TERMS = ['helmet', 'goggle', 'binding', 'glove', 'lens'];
const ACCOUNTS = [DEMO.shopper, DEMO.employee, DEMO.proUs];
/** How often a checkout's payment or order POST is sent again before the shopper gives up. */
const CHECKOUT_ATTEMPTS = 6;
/** Answers that say "not done, try again" rather than a refusal: no answer, or the balancer's 502/503/504. */
const TRY_AGAIN = new Set([0, 502, 503, 504]);

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class VisitorGaveUp extends Error {}

/**
 * Mixed shopping through the load balancer (page views, catalogue reads, search, carts,
 * checkouts, sign-ins), a visitor arriving every 1/rate seconds until `keepGoing` says stop.
 * Every request is recorded. A visitor whose request fails gives up, except at checkout: its
 * payment and order POSTs go again with the same Idempotency-Key, as the checkout page sends them.
 */
export class ScaleOutTraffic {
  readonly samples: TrafficSample[] = [];
  readonly checkouts: CheckoutRecord[] = [];
  private started = 0;
  private visitors = 0;

  constructor(
    private readonly options: {
      url: string;
      /** The test payment provider's origins, one per instance: a card is confirmed at whichever answers. */
      paymentOrigins: () => string[];
      variants: TrafficVariant[];
      productUids: string[];
    },
  ) {}

  async run(arrivalsPerSecond: number, keepGoing: () => boolean): Promise<void> {
    this.started = performance.now();
    const inFlight = new Set<Promise<void>>();
    for (let arrival = 0; keepGoing(); arrival++) {
      const wait = this.started + (arrival * 1000) / arrivalsPerSecond - performance.now();
      if (wait > 0) await pause(wait);
      const visit = this.visit()
        .catch((error: unknown) => {
          if (!(error instanceof VisitorGaveUp)) throw error;
        })
        .finally(() => inFlight.delete(visit));
      inFlight.add(visit);
    }
    await Promise.all(inFlight);
  }

  private shopper(): HttpShopper {
    this.visitors += 1;
    const n = this.visitors;
    // An address of its own per visitor (nginx appends it to X-Forwarded-For), so per-address limits apply per visitor.
    return new HttpShopper(this.options.url, {
      forwardedFor: `10.77.${(n >> 8) & 255}.${n & 255}`,
      timeoutMs: 30_000,
    });
  }

  /** Sends and records one request; answers the expected answer or null, and the record. */
  private async step(
    kind: string,
    send: () => Promise<HttpAnswer>,
    expected: number[] = [200],
  ): Promise<{ answer: HttpAnswer | null; sample: TrafficSample }> {
    const at = performance.now() - this.started;
    let answer: HttpAnswer | null = null;
    try {
      answer = await send();
    } catch (error) {
      // The bot check's challenge failed first, and was recorded as such.
      if (error instanceof VisitorGaveUp) throw error;
      // Otherwise no answer came: recorded as 0.
    }
    const status = answer?.status ?? 0;
    const ok = expected.includes(status);
    const method =
      answer?.request.split(' ')[0] ?? (kind.startsWith('page:') || kind.startsWith('get:') ? 'GET' : 'POST');
    const sample: TrafficSample = {
      kind,
      method,
      status,
      expected: ok,
      at,
      ms: performance.now() - this.started - at,
      detail: ok || !answer ? undefined : `${answer.request} → ${answer.body.slice(0, 160)}`,
    };
    this.samples.push(sample);
    return { answer: ok ? answer : null, sample };
  }

  /** A step the visitor cannot go on without. */
  private async must(kind: string, send: () => Promise<HttpAnswer>, expected: number[] = [200]) {
    const { answer } = await this.step(kind, send, expected);
    if (!answer) throw new VisitorGaveUp();
    return answer;
  }

  private async botToken(shopper: HttpShopper, action: 'login' | 'checkout'): Promise<string> {
    const challenge = await this.must('get:bot-challenge', () =>
      shopper.call('GET', `/api/bot-protection/challenge?action=${action}`),
    );
    return solvedToken(JSON.parse(challenge.body));
  }

  private line() {
    const variant = pick(this.options.variants);
    return { product_id: variant.product_id, variant_id: variant.id, quantity: 1 };
  }

  private async visit(): Promise<void> {
    const roll = Math.random() * 100;
    const shopper = this.shopper();
    if (roll < 40) return this.browse(shopper);
    if (roll < 52) return this.readCatalogue(shopper);
    if (roll < 62) {
      await this.must('page:search', () => shopper.call('GET', `/${pick(LOCALES)}/search?q=${pick(SEARCH_TERMS)}`));
      return;
    }
    if (roll < 77) return this.fillCart(shopper).then(() => undefined);
    if (roll < 89) return this.checkout(shopper);
    return this.account(shopper);
  }

  private async browse(shopper: HttpShopper) {
    const locale = pick(LOCALES);
    const roll = Math.random();
    // en-us is the shop's root: /en-us redirects there.
    const home = locale === 'en-us' ? '/' : `/${locale}`;
    if (roll < 0.25) await this.must('page:home', () => shopper.call('GET', home));
    else if (roll < 0.6)
      await this.must('page:category', () => shopper.call('GET', `/${locale}/c/${pick(CATEGORIES)}`));
    else await this.must('page:product', () => shopper.call('GET', `/en-us/p/${pick(this.options.productUids)}`));
  }

  private async readCatalogue(shopper: HttpShopper) {
    const variant = pick(this.options.variants);
    await this.must('get:products', () => shopper.call('GET', '/api/products?limit=5'));
    await this.must('get:product', () => shopper.call('GET', `/api/products/${variant.product_id}`));
  }

  private async fillCart(shopper: HttpShopper): Promise<string> {
    const created = await this.must(
      'post:cart-create',
      () => shopper.call('POST', '/api/cart/create', { body: { line_items: [this.line()] } }),
      [201],
    );
    const cartId = JSON.parse(created.body).data.id as string;
    await this.must('post:cart-add', () =>
      shopper.call('POST', `/api/cart/${cartId}/items`, { body: { line_items: [this.line()] } }),
    );
    await this.must('get:cart', () => shopper.call('GET', `/api/cart/${cartId}`));
    return cartId;
  }

  private async checkout(shopper: HttpShopper) {
    const cartId = await this.fillCart(shopper);
    const quote = await this.must('post:checkout-quote', () =>
      shopper.call('POST', `/api/cart/${cartId}/checkout/quote`, { body: { country_iso2: 'US', state: 'UT' } }),
    );
    const shippingMethodId = JSON.parse(quote.body).data.shipping.id as number;
    const record: CheckoutRecord = { key: randomUUID(), cartId, orderId: null, retries: 0 };
    this.checkouts.push(record);
    const intentId = await this.pay(shopper, record, shippingMethodId);
    const placed = await this.untilAnswered(record, 'post:checkout', [201], () =>
      shopper.call('POST', `/api/cart/${cartId}/checkout`, {
        body: intentCheckout(`scale-out-${record.key}@example.com`, shippingMethodId, intentId),
        headers: { 'idempotency-key': record.key },
      }),
    );
    record.orderId = JSON.parse(placed.body).data.id as number;
    await this.must('get:order', () => shopper.call('GET', `/api/orders/${record.orderId}`));
  }

  /** The payment intent under the checkout's key, confirmed with the test card (as `payByCard`, sent again when unanswered). */
  private async pay(shopper: HttpShopper, record: CheckoutRecord, shippingMethodId: number): Promise<string> {
    const created = await this.untilAnswered(record, 'post:payment', [201], async () =>
      shopper.call('POST', `/api/cart/${record.cartId}/payments`, {
        body: { shipping_address: { country_iso2: 'US', state: 'UT' }, shipping_method_id: shippingMethodId },
        // A bot-check token is spent by its first use: each attempt earns a fresh one.
        headers: { 'idempotency-key': record.key, 'x-bot-token': await this.botToken(shopper, 'checkout') },
      }),
    );
    const { id, client_secret: clientSecret } = JSON.parse(created.body).data as { id: string; client_secret: string };
    await this.must('post:card-confirm', () => this.confirmCard(id, clientSecret));
    return id;
  }

  /** The card element's confirmation, at the first instance whose payment origin answers. */
  private async confirmCard(intentId: string, clientSecret: string): Promise<HttpAnswer> {
    let lastError: unknown;
    for (const origin of this.options.paymentOrigins()) {
      try {
        const started = performance.now();
        const response = await confirmTestCard(origin, intentId, clientSecret);
        const body = await response.text();
        return {
          request: 'POST card-confirm',
          status: response.status,
          headers: response.headers,
          body,
          ms: performance.now() - started,
        };
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  /** Sends a checkout POST until it is answered (not 0/502/503/504), counting each extra send. */
  private async untilAnswered(
    record: CheckoutRecord,
    kind: string,
    expected: number[],
    send: () => Promise<HttpAnswer>,
  ): Promise<HttpAnswer> {
    for (let attempt = 1; ; attempt++) {
      const { answer, sample } = await this.step(kind, send, expected);
      if (answer) return answer;
      if (!TRY_AGAIN.has(sample.status) || attempt >= CHECKOUT_ATTEMPTS) throw new VisitorGaveUp();
      sample.kind = `${kind} (then sent again)`;
      record.retries += 1;
      await pause(500 * attempt);
    }
  }

  private async account(shopper: HttpShopper) {
    const signedIn = await this.must('post:login', async () =>
      shopper.call('POST', '/api/customers/login', {
        body: pick(ACCOUNTS),
        headers: { 'x-bot-token': await this.botToken(shopper, 'login') },
      }),
    );
    const customerId = JSON.parse(signedIn.body).data.id as number;
    await this.must('get:profile', () => shopper.call('GET', `/api/customers/${customerId}`));
    await this.must('get:orders', () => shopper.call('GET', '/api/orders'));
    await this.must('post:logout', () => shopper.call('POST', '/api/customers/logout', { body: {} }), [204]);
  }
}
