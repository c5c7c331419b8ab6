import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOT_PROTECTED_ACTIONS, isBotProtectedAction } from '@piste/core';
import { errorBody } from '../errors';
import { errorAnswers } from '../openapi/api-schemas';
import type { AltchaProtection } from '../bot-protection/create-bot-protection';

/**
 * `GET /api/bot-protection/challenge?action=login`: a fresh ALTCHA challenge for one protected
 * action. Challenges are cheap to make and worthless to store, so they are never cached.
 */
/** The action is checked by the handler, so its refusal names the actions there are. */
const challengeQuery = z.looseObject({
  action: z
    .unknown()
    .optional()
    .describe(`The action to protect: ${BOT_PROTECTED_ACTIONS.join(', ')}.`),
});
/** An ALTCHA challenge, as altcha-lib makes it, for the widget to solve. */
const challengeAnswer = z.looseObject({}).describe('An ALTCHA challenge (altcha-lib) for the widget to solve.');

export function botProtectionRoutes(altcha: AltchaProtection): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = {
      tags: ['bot protection'],
      querystring: challengeQuery,
      response: { 200: challengeAnswer, ...errorAnswers(400) },
    };
    app.get('/bot-protection/challenge', { schema }, async (request, reply) => {
      const action = request.query.action;
      reply.header('cache-control', 'no-store');
      if (!isBotProtectedAction(action)) {
        return reply
          .status(400)
          .send(errorBody('INVALID_DATA', `action must be one of ${BOT_PROTECTED_ACTIONS.join(', ')}`));
      }
      return altcha.challenge(action);
    });
  };
}
