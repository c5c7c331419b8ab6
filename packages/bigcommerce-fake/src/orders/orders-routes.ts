import type { FastifyInstance } from 'fastify';
import type { FakeState } from '../state';

/** The orders endpoints of the fake. */
export function registerOrdersRoutes(_app: FastifyInstance, _state: FakeState): void {}
