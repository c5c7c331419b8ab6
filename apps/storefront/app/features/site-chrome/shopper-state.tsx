import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { api } from '../../lib/api/api-client';
import { useLocaleState } from '../../lib/locale';
import { useRootData } from '../../lib/root-data';
import type { SignedInCustomer } from '../account/use-signed-in-customer';

/** The personal parts of a page: the header's cart count and customer, the add-ons in the cart. */
export interface Shopper {
  /** False until they are known: pages every signed-out visitor shares leave them out. */
  known: boolean;
  cartItemCount: number;
  customer: SignedInCustomer | null;
  /** Uids of the products in the cart, from `/api/shopper`; null where the page rendered them itself. */
  cartProductUids: string[] | null;
}

const UNKNOWN: Shopper = { known: false, cartItemCount: 0, customer: null, cartProductUids: null };

const ShopperContext = createContext<Shopper>(UNKNOWN);

/**
 * A signed-in customer's page is theirs alone and carries its personal parts in the loader
 * data. Any other page is shared (decision 029-a): after hydration this asks `/api/shopper`,
 * and again whenever the root data is revalidated (after every action, such as an add to
 * cart), keeping what it knew until the answer arrives.
 */
export function ShopperProvider({ children }: { children: ReactNode }) {
  const root = useRootData();
  const { locale } = useLocaleState();
  const [fetched, setFetched] = useState<Shopper>(UNKNOWN);

  useEffect(() => {
    if (!root || root.customer) return;
    const controller = new AbortController();
    api
      .GET('/shopper', { params: { query: { locale } }, signal: controller.signal })
      .then(({ data }) => {
        if (data) setFetched({ known: true, ...data });
      })
      // Unanswered (offline, an outage, or aborted): the page keeps what it showed.
      .catch(() => undefined);
    return () => controller.abort();
  }, [root, locale]);

  const shopper = root?.customer
    ? { known: true, cartItemCount: root.cartItemCount ?? 0, customer: root.customer, cartProductUids: null }
    : fetched;
  return <ShopperContext.Provider value={shopper}>{children}</ShopperContext.Provider>;
}

/** The page's shopper: known at once on a signed-in customer's page, after load on a shared one. */
export function useShopper(): Shopper {
  return useContext(ShopperContext);
}
