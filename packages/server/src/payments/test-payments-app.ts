import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { z } from 'zod';
import type { PaymentIntent, TestPaymentGateway } from '@piste/commerce/server';
import { HTTP_STATUS_BY_KIND, isDomainError } from '@piste/core';
import { closeConnectionsWhileDraining } from '../graceful-drain';
import { cardElementPage, challengePage, resultPage, testPaymentsCsp } from './test-payments-pages';
import { formatMinor, localeOf, stringsFor, type TestPaymentsStrings } from './test-payments-strings';

/**
 * The embedded test payment provider's own origin (docs/checkout.md 'Payments'): a second
 * listener of the shop's process (TEST_PAYMENTS_PORT) that plays the part of a hosted provider's
 * servers. The shop's checkout frames its card element; the card typed there is posted to this
 * origin only, never to the shop's. A client secret authorises each call, as Stripe's
 * publishable-key calls are, so there are no cookies and no CSRF token here.
 */
export interface TestPaymentsAppOptions {
  gateway: TestPaymentGateway;
  /** The shop's origin (PUBLIC_URL's): the only page that may frame the element and hear from it. */
  shopOrigin: string;
  logger?: FastifyBaseLogger;
}

/** A card and a secret are a few hundred bytes: anything much larger is not a confirmation. */
const BODY_LIMIT_BYTES = 4 * 1024;

const intentParams = z.object({ id: z.string().min(1).max(255) });
const confirmBody = z.object({
  client_secret: z.string().min(1).max(255),
  locale: z.string().max(10).optional(),
  card: z.object({
    number: z.string().max(32),
    expiry: z.string().max(7),
    cvc: z.string().max(4),
    holder_name: z.string().max(120),
  }),
});
const challengeQuery = z.object({ client_secret: z.string().min(1).max(255), locale: z.string().max(10).optional() });
const challengeBody = challengeQuery.extend({ outcome: z.enum(['pass', 'fail']) });

type CardField = 'number' | 'expiry' | 'cvc';

/** The field a refusal is about, by Stripe's error codes, else by the provider's own words. */
function fieldOfRefusal(error: { code: string; message: string }): CardField | null {
  if (/number/.test(error.code) || error.message === 'Check the card number.') return 'number';
  if (/expir/.test(error.code) || /expir/i.test(error.message)) return 'expiry';
  if (/cvc/.test(error.code) || /security code/i.test(error.message)) return 'cvc';
  return null;
}

function fieldMessage(field: CardField, error: { code: string; message: string }, strings: TestPaymentsStrings) {
  if (field === 'number') return strings.checkNumber;
  if (field === 'cvc') return strings.checkCvc;
  return /expired/.test(error.code) || /expired/i.test(error.message) ? strings.expired : strings.checkExpiry;
}

/** A refused confirmation in Stripe's shape: `402` with the card error, the field it concerns in the shopper's words. */
function refusal(reply: FastifyReply, error: { code: string; message: string }, strings: TestPaymentsStrings) {
  const field = fieldOfRefusal(error);
  const message = field ? fieldMessage(field, error, strings) : error.message;
  return reply.code(402).send({ status: 'requires_payment_method', error: { code: error.code, message, field } });
}

function challengeUrl(intent: PaymentIntent, clientSecret: string, locale: string): string {
  const query = new URLSearchParams({ client_secret: clientSecret, locale });
  return `/challenge/${encodeURIComponent(intent.id)}?${query.toString()}`;
}

function sendPage(reply: FastifyReply, shopOrigin: string, html: string) {
  return reply
    .header('content-security-policy', testPaymentsCsp(shopOrigin))
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(html);
}

export async function buildTestPaymentsApp({ gateway, shopOrigin, logger }: TestPaymentsAppOptions) {
  const app: FastifyInstance = Fastify({
    ...(logger ? { loggerInstance: logger.child({ listener: 'test-payments' }) } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    // NOTE: requests carry card numbers and client secrets (in the challenge's query): never logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Drains like the shop's own listener (graceful-drain.ts): a card confirmed during a
    // shutdown is answered, and its connection then closed.
    return503OnClosing: false,
  });
  closeConnectionsWhileDraining(app);

  // The challenge's two buttons post a plain form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.setErrorHandler((error, request, reply) => {
    if (isDomainError(error)) {
      const status = HTTP_STATUS_BY_KIND[error.kind];
      return reply.code(status).send({ error: { code: error.code, message: error.message } });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: { message: (error as Error).message } }, 'test payments failed');
    // Fastify's own refusals (a body too large, unreadable JSON) in a word, never echoing the body.
    return reply
      .code(status)
      .send({ error: { code: status >= 500 ? 'internal_error' : 'invalid_request', message: 'Invalid request.' } });
  });

  /** A body or query that is not the expected shape: 400, naming no value. */
  const parsed = <T>(schema: z.ZodType<T>, value: unknown, reply: FastifyReply): T | null => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    void reply.code(400).send({ error: { code: 'invalid_request', message: 'Invalid request.' } });
    return null;
  };

  app.get('/elements/card', async (request, reply) => {
    const locale = localeOf((request.query as Record<string, unknown>).locale);
    return sendPage(reply, shopOrigin, cardElementPage({ shopOrigin, locale, strings: stringsFor(locale) }));
  });

  app.post('/v1/payment_intents/:id/confirm', async (request, reply) => {
    const params = parsed(intentParams, request.params, reply);
    const body = params && parsed(confirmBody, request.body, reply);
    if (!params || !body) return reply;
    const locale = localeOf(body.locale);
    const strings = stringsFor(locale);
    const { card } = body;
    const intent = await gateway.confirmWithCard(params.id, body.client_secret, {
      number: card.number,
      expiry: card.expiry,
      cvc: card.cvc,
      holderName: card.holder_name,
    });
    const answer = {
      id: intent.id,
      status: intent.status,
      amount: intent.amountMinor,
      currency: intent.currency,
      amount_text: formatMinor(intent.amountMinor, intent.currency, locale),
    };
    if (intent.status === 'requires_action') {
      return {
        ...answer,
        next_action: { type: 'redirect_to_url', url: challengeUrl(intent, body.client_secret, locale) },
      };
    }
    if (intent.status === 'requires_payment_method') {
      return refusal(reply, intent.lastError ?? { code: 'card_declined', message: 'Your card was declined.' }, strings);
    }
    return answer;
  });

  app.get('/challenge/:id', async (request, reply) => {
    const params = parsed(intentParams, request.params, reply);
    const query = params && parsed(challengeQuery, request.query, reply);
    if (!params || !query) return reply;
    const locale = localeOf(query.locale);
    const strings = stringsFor(locale);
    const intent = await gateway.intentForClient(params.id, query.client_secret);
    if (intent.status !== 'requires_action') {
      return sendPage(reply, shopOrigin, closedChallenge(shopOrigin, locale, strings, intent));
    }
    return sendPage(
      reply,
      shopOrigin,
      challengePage({
        shopOrigin,
        locale,
        strings,
        intentId: intent.id,
        clientSecret: query.client_secret,
        amountText: formatMinor(intent.amountMinor, intent.currency, locale),
      }),
    );
  });

  app.post('/challenge/:id', async (request, reply) => {
    const params = parsed(intentParams, request.params, reply);
    const body = params && parsed(challengeBody, request.body, reply);
    if (!params || !body) return reply;
    const locale = localeOf(body.locale);
    const strings = stringsFor(locale);
    const open = await gateway.intentForClient(params.id, body.client_secret);
    if (open.status !== 'requires_action') {
      return sendPage(reply, shopOrigin, closedChallenge(shopOrigin, locale, strings, open));
    }
    const intent = await gateway.completeAuthentication(params.id, body.client_secret, body.outcome === 'pass');
    const authorized = intent.status === 'requires_capture';
    const error = intent.lastError ?? { code: 'payment_intent_authentication_failure', message: strings.failed };
    return sendPage(
      reply,
      shopOrigin,
      resultPage({
        shopOrigin,
        locale,
        text: authorized ? strings.passed : strings.failed,
        result: authorized
          ? { type: 'piste-payment:result', status: 'authorized', intentId: intent.id }
          : {
              type: 'piste-payment:result',
              status: 'failed',
              intentId: intent.id,
              code: error.code,
              message: error.message,
            },
      }),
    );
  });

  return app;
}

/** A challenge answered already (a reload, the back button): its outcome again, or that it is closed. */
function closedChallenge(shopOrigin: string, locale: string, strings: TestPaymentsStrings, intent: PaymentIntent) {
  const authorized = intent.status === 'requires_capture' || intent.status === 'succeeded';
  return resultPage({
    shopOrigin,
    locale,
    text: authorized ? strings.passed : strings.expiredChallenge,
    result: authorized
      ? { type: 'piste-payment:result', status: 'authorized', intentId: intent.id }
      : {
          type: 'piste-payment:result',
          status: 'failed',
          intentId: intent.id,
          code: intent.lastError?.code ?? 'payment_intent_authentication_failure',
          message: intent.lastError?.message ?? strings.failed,
        },
  });
}
