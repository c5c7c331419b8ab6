import type { BotProtectedAction } from '@piste/core';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: BotProtectedAction }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_ORIGIN = 'https://www.google.com';
let loading: Promise<Grecaptcha> | null = null;

/**
 * Loads reCAPTCHA v3 once per page for `siteKey`. A script already on the page for another
 * site key, or one that fails to load, rejects: the form then has no token and fails closed
 * (spec §8 'Bot protection loaded with a different site key, or script fails to load → Fails').
 */
export function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  const existing = document.querySelector<HTMLScriptElement>(`script[src^="${SCRIPT_ORIGIN}/recaptcha/api.js"]`);
  if (existing && new URL(existing.src).searchParams.get('render') !== siteKey) {
    return Promise.reject(new Error('reCAPTCHA is already loaded with a different site key'));
  }
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = existing ?? document.createElement('script');
    const ready = () => {
      const grecaptcha = window.grecaptcha;
      if (!grecaptcha) return reject(new Error('reCAPTCHA loaded without its API'));
      grecaptcha.ready(() => resolve(grecaptcha));
    };
    if (existing && window.grecaptcha) return ready();
    script.addEventListener('load', ready, { once: true });
    script.addEventListener('error', () => reject(new Error('The reCAPTCHA script failed to load')), { once: true });
    if (!existing) {
      script.src = `${SCRIPT_ORIGIN}/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      document.head.append(script);
    }
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
