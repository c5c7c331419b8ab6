import type { FastifyInstance } from 'fastify';
import type { FakeState } from '../state';

/** The customers endpoints of the fake. */
export function registerCustomersRoutes(_app: FastifyInstance, _state: FakeState): void {}
