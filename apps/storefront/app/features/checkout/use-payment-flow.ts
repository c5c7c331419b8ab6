import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useFetcher, useNavigation, useSubmit } from 'react-router';
import type { CheckoutAnswer, PaymentAnswer } from './checkout-view';
import type { PaymentElement } from './payment/payment-element';

/** A payment the provider's element did not authorise, to show at the top of the form. */
export interface PaymentFailure {
  /** When it came: each refusal is a new one, and the summary takes the focus again. */
  answeredAt: number;
  code: string | undefined;
}

const isPaymentAnswer = (data: CheckoutAnswer | PaymentAnswer): data is PaymentAnswer => 'payment' in data;

/**
 * 'Place order' with the provider's element (issue 28 'The payment flow'): the form is first
 * posted with `intent=pay` by a fetcher, which checks it and answers a payment intent; the
 * element confirms the intent with the card (the bank's extra step included); then the form is
 * submitted with `intent=place` and the intent's id only. A refusal on the way is shown and the
 * shopper can pay again, with another card or the same.
 */
export function usePaymentFlow() {
  const fetcher = useFetcher<CheckoutAnswer | PaymentAnswer>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const element = useRef<PaymentElement | null>(null);
  const form = useRef<HTMLFormElement | null>(null);
  const handled = useRef<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);

  const placing = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'place';
  const paying = fetcher.state !== 'idle';
  const busy = paying || confirming || placing;

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== 'idle' || !data || handled.current === data) return;
    handled.current = data;
    // The form's problems are the answer itself, which the page shows.
    if (!isPaymentAnswer(data)) return;
    const current = element.current;
    const target = form.current;
    if (!current || !target) {
      setFailure({ answeredAt: Date.now(), code: 'element_missing' });
      return;
    }
    setConfirming(true);
    void current
      .confirm({ id: data.payment.intentId, clientSecret: data.payment.clientSecret })
      .then((result) => {
        if (result.status === 'authorized') {
          const body = new FormData(target);
          body.set('intent', 'place');
          body.set('payment_intent_id', result.intentId);
          return submit(body, { method: 'post' });
        }
        setFailure({ answeredAt: Date.now(), code: result.code });
      })
      .finally(() => setConfirming(false));
  }, [fetcher.state, fetcher.data, submit]);

  /** The form's submit: 'Place order' pays first; any other button (the no-JS quote) posts as usual. */
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter?.getAttribute('value') !== 'place') return;
      event.preventDefault();
      if (busy) return;
      if (!element.current) {
        setFailure({ answeredAt: Date.now(), code: 'element_missing' });
        return;
      }
      const body = new FormData(event.currentTarget);
      body.set('intent', 'pay');
      body.delete('payment_intent_id');
      setFailure(null);
      void fetcher.submit(body, { method: 'post' });
    },
    [busy, fetcher],
  );

  return {
    /** The checkout form, as a callback ref. */
    attachForm: useCallback((element: HTMLFormElement | null) => {
      form.current = element;
    }, []),
    onSubmit,
    /** Enter inside the provider's element: the form is submitted as by its 'Place order' button. */
    requestPlace: useCallback(() => {
      const target = form.current;
      target?.requestSubmit(target.querySelector<HTMLButtonElement>('button[name="intent"][value="place"]'));
    }, []),
    /** The element registers itself here once mounted. */
    setElement: useCallback((mounted: PaymentElement | null) => {
      element.current = mounted;
    }, []),
    /** The pay step's answer when it refused the form (its field errors and quote). */
    refusal: fetcher.data && !isPaymentAnswer(fetcher.data) ? fetcher.data : undefined,
    /** Each answer of the pay step: a bot check's token is good for one. */
    lastAnswer: fetcher.data,
    failure,
    busy,
  };
}

export type PaymentFlow = ReturnType<typeof usePaymentFlow>;
