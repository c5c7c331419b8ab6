import { useState } from 'react';
import { useFetcher } from 'react-router';
import { currentFieldErrors, newestAnswer, type CheckoutAnswer, type CheckoutPageData } from './checkout-view';

const methodIdOf = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : null);

/**
 * The shipping destination and method the shopper has chosen, and the quote for them: a
 * fetcher posts `intent=quote` to the checkout's action whenever the country, state or
 * method changes, so the options and totals follow without reloading the page.
 */
export function useCheckoutQuote(page: CheckoutPageData, submitted: CheckoutAnswer | undefined) {
  const fetcher = useFetcher<CheckoutAnswer>();
  const initial = (submitted ?? page).values;
  const [country, setCountry] = useState(initial.shipping.country_iso2);
  const [state, setState] = useState(initial.shipping.state);
  const [methodId, setMethodId] = useState(methodIdOf(initial.shippingMethodId));
  // A country whose tax goes by state cannot be quoted before one is chosen; the last quote is then stale.
  const [awaitingState, setAwaitingState] = useState(false);
  const needsState = (code: string) => (page.destinations.states[code]?.length ?? 0) > 0;

  const request = (next: { country: string; state: string; methodId: number | null }) => {
    if (needsState(next.country) && next.state === '') {
      setAwaitingState(true);
      return;
    }
    setAwaitingState(false);
    const body = new FormData();
    body.set('intent', 'quote');
    body.set('shipping.country_iso2', next.country);
    body.set('shipping.state', next.state);
    if (next.methodId !== null) body.set('shipping_method_id', String(next.methodId));
    void fetcher.submit(body, { method: 'post' });
  };

  const latest = newestAnswer(submitted, fetcher.data);
  return {
    quote: awaitingState ? null : latest ? latest.quote : page.quote,
    pending: fetcher.state !== 'idle',
    errors: currentFieldErrors(submitted, fetcher.data),
    country,
    state,
    methodId,
    needsState: needsState(country) && state === '',
    changeCountry(code: string) {
      setCountry(code);
      setState('');
      request({ country: code, state: '', methodId });
    },
    /** A whole new address (from the address book): its country and state at once, quoted once. */
    changeDestination(code: string, stateCode: string) {
      setCountry(code);
      setState(stateCode);
      request({ country: code, state: stateCode, methodId });
    },
    changeState(code: string) {
      setState(code);
      request({ country, state: code, methodId });
    },
    changeMethod(id: number) {
      setMethodId(id);
      request({ country, state, methodId: id });
    },
    /** The same destination quoted again: the cart's price changed (a discount code). */
    requote() {
      request({ country, state, methodId });
    },
  };
}

export type CheckoutQuoteState = ReturnType<typeof useCheckoutQuote>;
