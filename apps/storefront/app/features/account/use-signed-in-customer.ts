import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../../root';

/** The signed-in customer as every page knows them (the root loader), or null when signed out. */
export function useSignedInCustomer() {
  return useRouteLoaderData<typeof rootLoader>('root')?.customer ?? null;
}
