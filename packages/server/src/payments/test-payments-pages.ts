import { CARD_ELEMENT_SCRIPT, CHALLENGE_SCRIPT, cspHash } from './test-payments-scripts';
import type { TestPaymentsStrings } from './test-payments-strings';

/**
 * The test provider's pages, server-rendered: the card element and the extra-authentication
 * step, both shown in the shop's checkout frame. They look like part of the checkout (its font,
 * colours and fields, design tokens of apps/storefront/app/styles/global.css), as a hosted
 * provider's element is themed to the shop's.
 */
const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
html, body { margin: 0; background: transparent; }
body {
  font-family: 'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  font-size: 1rem; line-height: 1.5; color: #14181f; padding: 3px;
}
form { display: grid; gap: 1rem; grid-template-columns: repeat(2, minmax(0, 1fr)); margin: 0; }
.field { display: grid; gap: 0.25rem; align-content: start; min-width: 0; }
.wide { grid-column: 1 / -1; }
label { font-weight: 600; }
input {
  width: 100%; min-height: 44px; padding: 0 0.75rem; border: 1px solid #5b6471; border-radius: 6px;
  background: #fff; color: #14181f; font: inherit;
}
input:focus-visible, button:focus-visible { outline: 3px solid #4db5ff; outline-offset: 2px; }
input[aria-invalid='true'] { border: 2px solid #d7263d; }
input[readonly] { background: #f2f4f7; }
.error { margin: 0; color: #d7263d; font-size: 0.875rem; font-weight: 600; }
.status { grid-column: 1 / -1; margin: 0; color: #5b6471; }
.status:empty { display: none; }
h1 { font-size: 1.125rem; margin: 0 0 0.5rem; }
p { margin: 0 0 1rem; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; }
button {
  min-height: 44px; padding: 0 1.25rem; border-radius: 6px; font: inherit; font-weight: 600; cursor: pointer;
  border: 1px solid #0e1116; background: #fff; color: #0e1116;
}
button[value='pass'] { background: #0e1116; color: #f4f6f8; }
.outcome { font-weight: 600; }
@media (max-width: 360px) { form { grid-template-columns: minmax(0, 1fr); } }
`;

/** The pages' own policy: their fixed script and style, fetches and form posts to this origin only, framed by the shop alone. */
export function testPaymentsCsp(shopOrigin: string): string {
  return [
    "default-src 'none'",
    `script-src ${cspHash(CARD_ELEMENT_SCRIPT)} ${cspHash(CHALLENGE_SCRIPT)}`,
    `style-src ${cspHash(STYLE)}`,
    "connect-src 'self'",
    "form-action 'self'",
    `frame-ancestors ${shopOrigin}`,
    "base-uri 'none'",
  ].join('; ');
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
/** JSON inside a `<script type="application/json">`: no `<` can close the block early. */
const jsonBlock = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function page(locale: string, title: string, body: string, config: unknown, script: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(locale.slice(0, 2))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
<script type="application/json" id="payment-config">${jsonBlock(config)}</script>
<script>${script}</script>
</body>
</html>`;
}

function field(id: string, label: string, attributes: string, wide = false): string {
  return `<div class="field${wide ? ' wide' : ''}">
<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" ${attributes} aria-describedby="${id}-error" required>
<p id="${id}-error" class="error" hidden></p>
</div>`;
}

/** The card form: no `name`s and no action, so nothing it holds can be submitted anywhere but by the script. */
export function cardElementPage(input: { shopOrigin: string; locale: string; strings: TestPaymentsStrings }): string {
  const { strings } = input;
  const body = `<form id="card-form" novalidate aria-label="${escapeHtml(strings.cardDetails)}">
${field('card-number', strings.cardNumber, 'inputmode="numeric" autocomplete="cc-number" maxlength="23" spellcheck="false"', true)}
${field('card-expiry', strings.expiry, 'inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"')}
${field('card-cvc', strings.cvc, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}
${field('card-holder-name', strings.holderName, 'autocomplete="cc-name" maxlength="120"', true)}
<p id="card-status" class="status" role="status"></p>
<button type="submit" hidden tabindex="-1"></button>
</form>`;
  return page(
    input.locale,
    strings.cardDetails,
    body,
    { shopOrigin: input.shopOrigin, locale: input.locale, strings },
    CARD_ELEMENT_SCRIPT,
  );
}

/** The bank's question, with Complete and Fail: a plain form, so it works even before its script runs. */
export function challengePage(input: {
  shopOrigin: string;
  locale: string;
  strings: TestPaymentsStrings;
  intentId: string;
  clientSecret: string;
  amountText: string;
}): string {
  const { strings } = input;
  const action = `/challenge/${encodeURIComponent(input.intentId)}`;
  const body = `<h1>${escapeHtml(strings.challengeTitle)}</h1>
<p>${escapeHtml(strings.challengeText.replace('{amount}', input.amountText))}</p>
<form method="post" action="${escapeHtml(action)}" class="actions">
<input type="hidden" name="client_secret" value="${escapeHtml(input.clientSecret)}">
<input type="hidden" name="locale" value="${escapeHtml(input.locale)}">
<button type="submit" name="outcome" value="pass">${escapeHtml(strings.complete)}</button>
<button type="submit" name="outcome" value="fail">${escapeHtml(strings.fail)}</button>
</form>`;
  return page(input.locale, strings.challengeTitle, body, { shopOrigin: input.shopOrigin }, CHALLENGE_SCRIPT);
}

/** What the shop's page is told once the shopper answered (or the step was no longer open). */
export interface PaymentResultMessage {
  type: 'piste-payment:result';
  status: 'authorized' | 'failed';
  intentId: string;
  code?: string;
  message?: string;
}

export function resultPage(input: {
  shopOrigin: string;
  locale: string;
  text: string;
  result: PaymentResultMessage;
}): string {
  const body = `<p class="outcome" role="status">${escapeHtml(input.text)}</p>`;
  return page(input.locale, input.text, body, { shopOrigin: input.shopOrigin, result: input.result }, CHALLENGE_SCRIPT);
}
