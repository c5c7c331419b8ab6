import { regionsSeed, type SeedStep } from '@piste/db';

/** Demo data loaded at start, in dependency order. Each domain adds its steps here. */
export const seedSteps: readonly SeedStep[] = [regionsSeed];
