/** @piste/bigcommerce-fake — a BigCommerce stand-in for tests (never used by the shop itself). */
export { createBigCommerceFake, type BigCommerceFake, type BigCommerceFakeOptions } from './fake-server';
export { seedFakeState, type FakeState } from './state';
export type { Fault } from './faults';
export * from './demo-store';
