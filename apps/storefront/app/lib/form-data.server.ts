import { data } from 'react-router';
import { CARD_DATA_REFUSED, CARD_DATA_REFUSED_MESSAGE, containsCardNumber } from '@piste/core';

/**
 * The form fields of an action's request. A body that is not a form (wrong content type,
 * malformed) is the client's mistake: a 400 with a message, never a 500. A form holding a card
 * number is refused unread, as the API refuses one (issue 28 'The payment flow' 7): the card
 * goes to the payment provider's own card form, never to a page of ours.
 */
export async function readFormData(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ ok: false, message: 'Send this form as a regular form submission.' }, { status: 400 });
  }
  if (containsCardNumber(form)) {
    throw data({ ok: false, code: CARD_DATA_REFUSED, message: CARD_DATA_REFUSED_MESSAGE }, { status: 400 });
  }
  return form;
}
