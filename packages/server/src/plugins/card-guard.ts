import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { CARD_DATA_REFUSED, CARD_DATA_REFUSED_MESSAGE, containsCardNumber, DomainError } from '@piste/core';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `'exempt'`: the card guard does not read this route's request. Only for a payment
     * provider's signed webhook, whose raw body is the provider's own and holds no card number.
     */
    cardGuard?: 'exempt';
  }
}

/** The route config of a payment provider's webhook: `{ config: CARD_GUARD_EXEMPT }`. */
export const CARD_GUARD_EXEMPT = { cardGuard: 'exempt' } as const;

/**
 * A request holding a card number: 400 CARD_DATA_REFUSED. A DomainError, so that each scope's
 * error handler answers it in its own shape (the API's, the admin API's, a page's); the status
 * is there too for the content and search APIs, whose handlers read one.
 */
export class CardDataRefused extends DomainError {
  readonly statusCode = 400;

  constructor() {
    super('INVALID_DATA', CARD_DATA_REFUSED_MESSAGE, CARD_DATA_REFUSED);
  }
}

/**
 * Issue 28, 'The payment flow' 7: "any body, form or query string we receive that holds a
 * card-shaped number is refused with 400 CARD_DATA_REFUSED and never logged". Registered on
 * the root, so it runs for every route (API, admin API, GraphQL, pages) once the body is
 * parsed and before any schema, handler or CSRF check reads it. Page forms' bodies reach React
 * Router unparsed: `readFormData` refuses those (apps/storefront/app/lib/form-data.server.ts).
 */
const cardGuard: FastifyPluginAsync = async (app) => {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.cardGuard === 'exempt') return;
    if (containsCardNumber(request.query) || containsCardNumber(request.params) || containsCardNumber(request.body)) {
      throw new CardDataRefused();
    }
  });
};

export default fp(cardGuard, { name: 'card-guard' });
