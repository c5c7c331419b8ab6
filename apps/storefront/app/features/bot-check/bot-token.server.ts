import { BOT_TOKEN_FIELD } from '@piste/core';

/** The bot-check token a protected form carried (the widget's hidden field), or null. */
export function botTokenOf(form: FormData): string | null {
  const token = form.get(BOT_TOKEN_FIELD);
  return typeof token === 'string' && token !== '' ? token : null;
}
