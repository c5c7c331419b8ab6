import type { FastifyInstance } from 'fastify';
import type { FakeState } from '../state';

/** The carts endpoints of the fake. */
export function registerCartsRoutes(_app: FastifyInstance, _state: FakeState): void {}
