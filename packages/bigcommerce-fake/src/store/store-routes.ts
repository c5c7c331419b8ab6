import type { FastifyInstance } from 'fastify';
import type { FakeState } from '../state';

/** The store endpoints of the fake. */
export function registerStoreRoutes(_app: FastifyInstance, _state: FakeState): void {}
