import { BOT_CHECK_FAILED_MESSAGE } from '../bot-check/bot-check-message';

/**
 * The outcomes of a newsletter signup, shared by the action and the form. Without JavaScript
 * the action redirects back with the outcome in this query parameter; with it, the fetcher gets
 * the same outcome as data.
 */
export const SIGNUP_STATUS_PARAM = 'newsletter';

/** Each outcome's message, in English: the display-text title the form translates. */
export const SIGNUP_MESSAGES = {
  // The form shows the region's own success_message instead.
  subscribed: 'Thank you for subscribing.',
  'already-subscribed': 'You are already subscribed – thank you for staying with us.',
  'invalid-email': 'Enter a valid email address, like name@example.com.',
  'consent-required': 'Please tick the box to agree to receive our emails.',
  'invalid-list': 'Choose one of the newsletters listed.',
  unavailable: 'Signing up is not available right now. Please try again later.',
  'bot-check-failed': BOT_CHECK_FAILED_MESSAGE,
} as const;

export type SignupStatus = keyof typeof SIGNUP_MESSAGES;

export interface SignupResult {
  ok: boolean;
  status: SignupStatus;
  message: string;
}

export function isSignupStatus(value: unknown): value is SignupStatus {
  return typeof value === 'string' && Object.hasOwn(SIGNUP_MESSAGES, value);
}

export function isSuccess(status: SignupStatus): boolean {
  return status === 'subscribed' || status === 'already-subscribed';
}
