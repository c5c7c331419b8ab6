import { createHash } from 'node:crypto';

/**
 * The test provider's page scripts, fixed text so the pages' Content-Security-Policy can allow
 * exactly them by hash (no 'unsafe-inline', no nonce to thread through). What differs per page
 * (the shop's origin, the words, the outcome) is read from a JSON block, which never runs.
 *
 * The protocol with the shop's page (docs/checkout.md 'Payments'): the shop posts
 * `{ type: 'piste-payment:confirm', intentId, clientSecret }`; the element posts back
 * `{ type: 'piste-payment:result', status: 'authorized' | 'failed', intentId, code, message }`,
 * and `piste-payment:resize` (its height) and `piste-payment:submit` (Enter in a field). Both
 * sides send to the other's exact origin and check `event.origin` on receipt.
 */

/** Sends a message to the shop's page and keeps the frame as tall as its content. */
const SHARED = String.raw`
  var config = JSON.parse(document.getElementById('payment-config').textContent);
  function tell(message) {
    if (window.parent !== window) window.parent.postMessage(message, config.shopOrigin);
  }
  function tellHeight() {
    tell({ type: 'piste-payment:resize', height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
  }
  if (window.ResizeObserver) new ResizeObserver(tellHeight).observe(document.documentElement);
  tellHeight();
`;

/** The card element: checks what was typed, and confirms the intent the shop names with it. */
export const CARD_ELEMENT_SCRIPT = String.raw`(function () {
  'use strict';
  ${SHARED}
  var text = config.strings;
  var form = document.getElementById('card-form');
  var status = document.getElementById('card-status');
  var names = ['number', 'expiry', 'cvc', 'holder_name'];
  var inputs = {};
  names.forEach(function (name) { inputs[name] = document.getElementById('card-' + name.replace('_', '-')); });
  var busy = false;

  function digitsOf(value) { return value.replace(/[\s-]/g, ''); }
  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i += 1) {
      var digit = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) { digit *= 2; if (digit > 9) digit -= 9; }
      sum += digit;
    }
    return sum % 10 === 0;
  }
  function problemOf(name) {
    var value = inputs[name].value.trim();
    if (name === 'number') {
      var digits = digitsOf(value);
      return /^\d{12,19}$/.test(digits) && luhn(digits) ? null : text.checkNumber;
    }
    if (name === 'expiry') {
      var parts = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(value);
      if (!parts) return text.checkExpiry;
      var now = new Date();
      var year = 2000 + Number(parts[2]);
      var month = Number(parts[1]);
      return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1) ? null : text.expired;
    }
    if (name === 'cvc') return /^\d{3,4}$/.test(value) ? null : text.checkCvc;
    return value.length > 0 ? null : text.enterName;
  }
  function show(name, problem) {
    var input = inputs[name];
    var error = document.getElementById(input.id + '-error');
    error.textContent = problem || '';
    error.hidden = !problem;
    if (problem) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  function check() {
    var first = null;
    names.forEach(function (name) {
      var problem = problemOf(name);
      show(name, problem);
      if (problem && !first) first = { name: name, problem: problem };
    });
    return first;
  }
  names.forEach(function (name) {
    // A field's error goes as soon as it is put right.
    inputs[name].addEventListener('input', function () {
      if (inputs[name].getAttribute('aria-invalid') === 'true' && !problemOf(name)) show(name, null);
    });
  });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    tell({ type: 'piste-payment:submit' });
  });
  function setBusy(value, message) {
    busy = value;
    names.forEach(function (name) { inputs[name].readOnly = value; });
    status.textContent = message || '';
  }
  function fail(intentId, code, message) {
    setBusy(false);
    tell({ type: 'piste-payment:result', status: 'failed', intentId: intentId, code: code, message: message });
  }

  async function confirm(intentId, clientSecret) {
    var problem = check();
    if (problem) {
      inputs[problem.name].focus();
      return fail(intentId, 'invalid_card', problem.problem);
    }
    setBusy(true);
    var answer;
    try {
      var response = await fetch('/v1/payment_intents/' + encodeURIComponent(intentId) + '/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_secret: clientSecret,
          locale: config.locale,
          card: {
            number: inputs.number.value.trim(),
            expiry: inputs.expiry.value.trim(),
            cvc: inputs.cvc.value.trim(),
            holder_name: inputs.holder_name.value.trim(),
          },
        }),
      });
      answer = await response.json();
    } catch (error) {
      return fail(intentId, 'provider_unreachable', text.unreachable);
    }
    if (answer.status === 'requires_capture' || answer.status === 'succeeded') {
      // Not busy any more: should the order fail (a shipping method gone), paying again asks again.
      setBusy(false, answer.amount_text ? text.paying.replace('{amount}', answer.amount_text) : '');
      return tell({ type: 'piste-payment:result', status: 'authorized', intentId: intentId });
    }
    if (answer.status === 'requires_action' && answer.next_action) {
      return window.location.assign(answer.next_action.url);
    }
    var error = answer.error || {};
    if (error.field && inputs[error.field]) {
      show(error.field, error.message);
      inputs[error.field].focus();
    }
    fail(intentId, error.code || 'payment_failed', error.message || text.unreachable);
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== config.shopOrigin || event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.type !== 'piste-payment:confirm' || busy) return;
    if (typeof data.intentId !== 'string' || typeof data.clientSecret !== 'string') return;
    void confirm(data.intentId, data.clientSecret);
  });
})();`;

/** The extra-authentication page and the page after it, which tells the shop's page how it went. */
export const CHALLENGE_SCRIPT = String.raw`(function () {
  'use strict';
  ${SHARED}
  if (config.result) tell(config.result);
})();`;

/** The value a Content-Security-Policy allows a fixed inline script or style by. */
export function cspHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}
