import type { FastifyInstance } from 'fastify';
import type { FakeState } from '../state';

/** The catalog endpoints of the fake. */
export function registerCatalogRoutes(_app: FastifyInstance, _state: FakeState): void {}
