import { useEffect, useRef, type RefObject } from 'react';
import type { ProductCardView } from './product-card-view';

/**
 * Calls `viewed` once the list is on screen, and again when its products change (new filters
 * or page): a list scrolled past unseen was not viewed.
 */
export function useListViewEvent(
  ref: RefObject<HTMLElement | null>,
  products: readonly ProductCardView[],
  enabled: boolean,
  viewed: (products: readonly ProductCardView[]) => void,
) {
  const latest = useRef(viewed);
  useEffect(() => {
    latest.current = viewed;
  });
  const key = products.map((product) => product.uid).join(',');
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || key === '') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      latest.current(products);
    });
    observer.observe(element);
    return () => observer.disconnect();
    // `products` is read when seen; `key` says when the list really changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, key, enabled]);
}
