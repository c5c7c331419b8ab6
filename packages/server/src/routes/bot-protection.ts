import type { FastifyPluginAsync } from 'fastify';
import { BOT_PROTECTED_ACTIONS, isBotProtectedAction } from '@piste/core';
import { errorBody } from '../errors';
import type { AltchaProtection } from '../bot-protection/create-bot-protection';

/**
 * `GET /api/bot-protection/challenge?action=login`: a fresh ALTCHA challenge for one protected
 * action. Challenges are cheap to make and worthless to store, so they are never cached.
 */
export function botProtectionRoutes(altcha: AltchaProtection): FastifyPluginAsync {
  return async (app) => {
    app.get('/bot-protection/challenge', async (request, reply) => {
      const action = (request.query as Record<string, unknown>).action;
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
