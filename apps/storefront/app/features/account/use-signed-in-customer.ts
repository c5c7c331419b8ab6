import { useRootData } from '../../lib/root-data';
import type { ProSpendView } from '@piste/commerce';

/** The signed-in customer, for the header's account entry. */
export interface SignedInCustomer {
  firstName: string;
  isPro: boolean;
  isEmployee: boolean;
  /** A pro's spend this year against their limit, for the header's account menu. */
  proSpend: ProSpendView | null;
}

declare module '../../lib/root-data' {
  interface RootData {
    /** Null when signed out. */
    customer: SignedInCustomer | null;
  }
}

/** The signed-in customer as every page knows them (the root loader), or null when signed out. */
export function useSignedInCustomer(): SignedInCustomer | null {
  return useRootData()?.customer ?? null;
}
