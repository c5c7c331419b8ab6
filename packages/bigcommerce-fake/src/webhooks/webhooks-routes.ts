import type { FastifyInstance } from 'fastify';
import type { FakeState } from '../state';

/** The webhooks endpoints of the fake. */
export function registerWebhooksRoutes(_app: FastifyInstance, _state: FakeState): void {}
