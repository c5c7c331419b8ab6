import { useEffect, useState } from 'react';
import { useLocaleState } from '../../lib/locale';
import { useRootData } from '../../lib/root-data';
import type { SignedInCustomer } from '../account/use-signed-in-customer';

/** The header's personal parts: the cart's item count and the signed-in customer. */
export interface HeaderShopper {
  /** False until they are known: pages every signed-out visitor shares leave them out. */
  known: boolean;
  cartItemCount: number;
  customer: SignedInCustomer | null;
}

/** `GET /api/shopper`'s answer (packages/server/src/routes/shopper.ts). */
type ShopperAnswer = Omit<HeaderShopper, 'known'>;

const UNKNOWN: HeaderShopper = { known: false, cartItemCount: 0, customer: null };

/**
 * A signed-in customer's page (and a form post's answer) is one shopper's alone and carries
 * its header in the root data. Any other page is shared (decision 029-a): after hydration the
 * header asks `/api/shopper`, and again whenever the root data is revalidated (after every
 * action, such as an add to cart), keeping what it knew until the answer arrives.
 */
export function useHeaderShopper(): HeaderShopper {
  const root = useRootData();
  const { locale } = useLocaleState();
  const [fetched, setFetched] = useState<HeaderShopper>(UNKNOWN);
  const personal = root !== undefined && (root.customer !== null || root.cartItemCount !== null);
  const inPage = personal ? { known: true, cartItemCount: root.cartItemCount ?? 0, customer: root.customer } : null;

  useEffect(() => {
    if (!root || personal) return;
    const controller = new AbortController();
    fetch(`/api/shopper?locale=${encodeURIComponent(locale)}`, {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`/api/shopper answered ${response.status}`);
        const answer = (await response.json()) as ShopperAnswer;
        setFetched({ known: true, cartItemCount: answer.cartItemCount, customer: answer.customer });
      })
      // Unanswered (offline, an outage, or aborted): the header keeps what it showed.
      .catch(() => {});
    return () => controller.abort();
  }, [root, personal, locale]);

  return inPage ?? fetched;
}
