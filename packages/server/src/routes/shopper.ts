import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseInput } from '@piste/commerce/server';
import { parseLocale } from '@piste/core';
import { requestCustomer } from '../accounts/request-customer';
import { shopperSummary, type ShopperSummaryServices } from '../accounts/shopper-summary';
import type { Services } from '../services';
import { shopperLocaleState } from '../storefront/request-locale';

const shopperQuery = z.strictObject({
  locale: z
    .string()
    .max(20)
    .refine((locale) => parseLocale(locale) !== null, 'must be a locale of the shop, such as en-us'),
});

/**
 * `GET /api/shopper?locale=`: the header's personal parts — cart item count, the signed-in
 * customer and a pro's spend — which pages every signed-out visitor shares leave out and fetch
 * after load (docs/decisions/029-a-shared-and-personal-pages.md). Like every `/api` answer it
 * hands out the `XSRF-TOKEN` cookie; it also clears a stale cart cookie.
 */
export function shopperRoutes(
  services: ShopperSummaryServices & Pick<Services, 'sessions' | 'shopperIn'>,
): FastifyPluginAsync {
  return async (app) => {
    app.get('/shopper', async (request, reply) => {
      const { locale } = parseInput(shopperQuery, request.query, 'Query parameter');
      reply.header('cache-control', 'private, no-store');
      const { status: customer } = await requestCustomer(request, reply, services);
      const localeState = shopperLocaleState(locale.toLowerCase(), customer?.isPro);
      const shopper = services.shopperIn(localeState.bcRegion, customer);
      return shopperSummary(services, request, reply, { customer, shopper, localeState });
    });
  };
}
