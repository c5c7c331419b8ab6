import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseLocale } from '@piste/core';
import { requestCustomer } from '../accounts/request-customer';
import { shopperSummary, type ShopperSummaryServices } from '../accounts/shopper-summary';
import { errorAnswers } from '../openapi/api-schemas';
import type { Services } from '../services';
import { shopperLocaleState } from '../storefront/request-locale';

const shopperQuery = z.strictObject({
  locale: z
    .string()
    .max(20)
    .refine((locale) => parseLocale(locale) !== null, 'must be a locale of the shop, such as en-us'),
});

const proSpend = z.object({
  percent: z.number().int().min(0).max(100).describe('Whole percent of the limit spent, for the bar.'),
  spentText: z.string(),
  limitText: z.string(),
  leftText: z.string(),
  reached: z.boolean().describe('The limit is reached: the next pro order will be refused.'),
  year: z.number().int(),
});

const shopperAnswer = z
  .object({
    cartItemCount: z.number().int().min(0).describe('Items in the cart (quantities, not lines).'),
    cartProductUids: z.array(z.string()).describe('Uids of the cart’s products, for "Added to cart" on add-ons.'),
    customer: z
      .object({
        firstName: z.string(),
        isPro: z.boolean(),
        isEmployee: z.boolean(),
        proSpend: proSpend.nullable().describe('A pro’s spend this year; null when not a pro or unavailable.'),
      })
      .nullable()
      .describe('The signed-in customer, or null when signed out.'),
  })
  .meta({ id: 'ShopperSummary' });

/**
 * `GET /api/shopper?locale=`: the header's personal parts — cart item count, the signed-in
 * customer and a pro's spend — which pages every signed-out visitor shares leave out and fetch
 * after load (docs/decisions/029-a-shared-and-personal-pages.md). Like every `/api` answer it
 * hands out the `XSRF-TOKEN` cookie; it also clears a stale cart cookie.
 */
export function shopperRoutes(
  services: ShopperSummaryServices & Pick<Services, 'sessions' | 'shopperIn'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/shopper',
      {
        schema: {
          tags: ['customers'],
          description: 'The personal parts of a shared page: cart count, signed-in customer, pro spend. Never cached.',
          querystring: shopperQuery,
          response: { 200: shopperAnswer, ...errorAnswers(400) },
        },
      },
      async (request, reply) => {
        const { locale } = request.query;
        reply.header('cache-control', 'private, no-store');
        const { status: customer } = await requestCustomer(request, reply, services);
        const localeState = shopperLocaleState(locale.toLowerCase(), customer?.isPro);
        const shopper = services.shopperIn(localeState.bcRegion, customer);
        return shopperSummary(services, request, reply, { customer, shopper, localeState });
      },
    );
  };
}
