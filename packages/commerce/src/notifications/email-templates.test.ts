import { describe, expect, it } from 'vitest';
import {
  accountCreatedEmail,
  escapeHtml,
  orderConfirmationEmail,
  orderShippedEmail,
  orderCancelledEmail,
  passwordResetEmail,
  passwordResetUrl,
} from './email-templates';

const hostile = `<script>alert("x")</script>&'`;

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml(42)).toBe('42');
  });
});

describe('passwordResetUrl', () => {
  it('points at the locale login page with action=reset_password and the token', () => {
    expect(passwordResetUrl({ baseUrl: 'https://shop.example/', locale: 'en-us', token: 'abc' })).toBe(
      'https://shop.example/en-us/account?action=reset_password&token=abc',
    );
    expect(passwordResetUrl({ baseUrl: 'https://shop.example', locale: 'de-de', token: 'a+b/c' })).toBe(
      'https://shop.example/de-de/account?action=reset_password&token=a%2Bb%2Fc',
    );
  });
});

describe('passwordResetEmail', () => {
  const resetUrl = 'https://shop.example/de-de/account?action=reset_password&token=t0k3n';
  const email = passwordResetEmail({ locale: 'en-us', firstName: 'Lukas', resetUrl, expiresInMinutes: 60 });

  it('carries the link in both the text and the html', () => {
    expect(email.subject).toBe('Reset your Piste password');
    expect(email.text).toContain(resetUrl);
    expect(email.text).toContain('Hi Lukas,');
    expect(email.text).toContain('60 minutes');
    // In HTML the & of the query string is an entity, in href and in the visible link.
    expect(email.html).toContain(`href="${resetUrl.replace('&', '&amp;')}"`);
    expect(email.html).toContain('Piste');
  });

  it('escapes the name in html and leaves it as is in text', () => {
    const attack = passwordResetEmail({ locale: 'en-us', firstName: hostile, resetUrl, expiresInMinutes: 60 });
    expect(attack.html).not.toContain('<script>');
    expect(attack.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    expect(attack.text).toContain(hostile);
  });

  it('greets without a name, and refuses links that are not http(s)', () => {
    expect(passwordResetEmail({ locale: 'en-us', resetUrl, expiresInMinutes: 30 }).text).toMatch(/^Hello,/);
    expect(() =>
      passwordResetEmail({ locale: 'en-us', resetUrl: 'javascript:alert(1)', expiresInMinutes: 30 }),
    ).toThrow(/http/);
    expect(() => passwordResetEmail({ locale: 'en-us', resetUrl: '/account', expiresInMinutes: 30 })).toThrow(
      /absolute/,
    );
  });
});

describe('accountCreatedEmail', () => {
  it('links the account in text and html, and says what a pro account gets', () => {
    const accountUrl = 'https://shop.example/fr-fr/account';
    const pro = accountCreatedEmail({ locale: 'en-us', firstName: 'Élodie', accountUrl, isPro: true });
    expect(pro.subject).toBe('Welcome to Piste');
    expect(pro.text).toContain(accountUrl);
    expect(pro.html).toContain(`href="${accountUrl}"`);
    expect(pro.text).toContain('pro');
    expect(accountCreatedEmail({ locale: 'en-us', accountUrl, isPro: false }).text).not.toContain('pro)');
  });

  it('escapes the name in the html', () => {
    const email = accountCreatedEmail({
      locale: 'en-us',
      firstName: '"><img src=x onerror=alert(1)>',
      accountUrl: 'https://a.example/',
      isPro: false,
    });
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('orderConfirmationEmail', () => {
  const orderUrl = 'https://shop.example/order-status?order=100001';
  const email = orderConfirmationEmail({
    locale: 'en-us',
    firstName: 'Tessa',
    orderId: 100001,
    orderUrl,
    lines: [
      { name: 'Summit Helmet <Large>', quantity: 2, total: '$240.00' },
      { name: 'Goggle & Case', quantity: 1, total: '$89.00' },
    ],
    totals: { subtotal: '$329.00', shipping: '$0.00', tax: '$22.21', total: '$351.21' },
  });

  it('lists the lines and totals in text and html', () => {
    expect(email.subject).toBe('Your Piste order 100001');
    expect(email.text).toContain('2 × Summit Helmet <Large>: $240.00');
    expect(email.text).toContain('Total: $351.21');
    expect(email.text).toContain(orderUrl);
    expect(email.html).toContain('Summit Helmet &lt;Large&gt;');
    expect(email.html).toContain('Goggle &amp; Case');
    expect(email.html).toContain('$351.21');
    expect(email.html).toContain(`href="${orderUrl}"`);
  });

  it('escapes line names and formatted amounts', () => {
    const attack = orderConfirmationEmail({
      locale: 'en-us',
      orderId: '1"<b>',
      orderUrl,
      lines: [{ name: hostile, quantity: 1, total: '<i>1</i>' }],
      totals: { subtotal: hostile, shipping: '0', tax: '0', total: '0' },
    });
    expect(attack.html).not.toMatch(/<script|<i>|<b>/);
  });
});

describe('orderConfirmationEmail with promotions', () => {
  const orderUrl = 'https://shop.example/de-de/order-status?number=100002';
  const discounts = [
    { code: 'WELCOME10', name: 'Welcome 10 %', amount: '-32,90 €' },
    { code: null, name: 'Goggle <sale>', amount: '-13,35 €' },
  ];
  const totals = { subtotal: '329,00 €', discounts, shipping: '0,00 €', tax: '45,09 €', total: '282,75 €' };

  it('shows a coupon as a discount line in the shopper’s language, under the subtotal', () => {
    const german = orderConfirmationEmail({ locale: 'de-de', orderId: 100002, orderUrl, lines: [], totals });
    expect(german.text).toMatch(/Zwischensumme: 329,00 €\nRabatt \(WELCOME10\): -32,90 €\nGoggle <sale>: -13,35 €\n/);
    expect(german.html).toContain('Rabatt (WELCOME10)');
    expect(german.html).toContain('Goggle &lt;sale&gt;');
    const italian = orderConfirmationEmail({ locale: 'it-it', orderId: 100002, orderUrl, lines: [], totals });
    expect(italian.text).toContain('Sconto (WELCOME10): -32,90 €');
  });

  it('has no discount line for an order without promotions', () => {
    const plain = orderConfirmationEmail({
      locale: 'fr-fr',
      orderId: 100003,
      orderUrl,
      lines: [],
      totals: { ...totals, discounts: [] },
    });
    expect(plain.text).not.toContain('Remise');
  });
});

describe('emails in the shopper’s language', () => {
  const resetUrl = 'https://shop.example/fr-ca/account?action=reset_password&token=t';
  const orderUrl = 'https://shop.example/de-de/order-status?number=100001';
  const totals = { subtotal: '329,00 €', shipping: '0,00 €', tax: '52,53 €', total: '329,00 €' };

  it('writes a German order confirmation for a de-de order, with German html lang and labels', () => {
    const email = orderConfirmationEmail({
      locale: 'de-de',
      firstName: 'Lukas',
      orderId: 100001,
      orderUrl,
      lines: [],
      totals,
    });
    expect(email.subject).toBe('Deine Piste-Bestellung 100001');
    expect(email.text).toMatch(/^Hallo Lukas,/);
    expect(email.text).toContain('Gesamtsumme: 329,00 €');
    expect(email.html).toContain('<html lang="de">');
    expect(email.html).toContain('Oder öffne diesen Link:');
  });

  it('writes a French reset for fr-ca, with the minutes by French plural rules', () => {
    const email = passwordResetEmail({ locale: 'fr-ca', resetUrl, expiresInMinutes: 1 });
    expect(email.subject).toBe('Réinitialisez votre mot de passe Piste');
    expect(email.text).toMatch(/^Bonjour,/);
    expect(email.text).toContain('pendant 1 minute.');
    expect(passwordResetEmail({ locale: 'fr-ca', resetUrl, expiresInMinutes: 60 }).text).toContain(
      'pendant 60 minutes.',
    );
  });

  it('has every text in Spanish and Italian too, and falls back to English for other languages', () => {
    expect(accountCreatedEmail({ locale: 'es-es', accountUrl: resetUrl, isPro: false }).subject).toBe(
      'Te damos la bienvenida a Piste',
    );
    expect(accountCreatedEmail({ locale: 'it-it', accountUrl: resetUrl, isPro: false }).subject).toBe(
      'Benvenuto in Piste',
    );
    const japanese = accountCreatedEmail({ locale: 'ja-jp', accountUrl: resetUrl, isPro: false });
    expect(japanese.subject).toBe('Welcome to Piste');
    expect(japanese.html).toContain('<html lang="en">');
  });
});

describe('orderShippedEmail', () => {
  const orderUrl = 'https://shop.example/fr-ca/order-status?number=100001';

  it('names the carrier and tracking number in the order’s language, escaped in html', () => {
    const email = orderShippedEmail({
      locale: 'fr-ca',
      firstName: 'Élodie',
      orderId: 100001,
      orderUrl,
      carrier: 'Purolator <Express>',
      trackingNumber: '1Z999',
    });
    expect(email.subject).toBe('Votre commande Piste 100001 est en route');
    expect(email.text).toContain('Transporteur: Purolator <Express>');
    expect(email.text).toContain('Numéro de suivi: 1Z999');
    expect(email.html).toContain('Purolator &lt;Express&gt;');
    expect(email.html).toContain(`href="${orderUrl}"`);
    expect(
      orderShippedEmail({ locale: 'en-us', orderId: 1, orderUrl, carrier: 'UPS', trackingNumber: 'x' }).subject,
    ).toBe('Your Piste order 1 is on its way');
  });
});

describe('orderCancelledEmail', () => {
  const orderUrl = 'https://shop.example/de-de/order-status?number=100001';

  it('says the order will not ship and what goes back to the card, in the order’s language', () => {
    const email = orderCancelledEmail({
      locale: 'de-de',
      firstName: 'Lukas',
      orderId: 100001,
      orderUrl,
      amount: '49,99 €',
    });
    expect(email.subject).toBe('Deine Piste-Bestellung 100001 wurde storniert');
    expect(email.text).toContain('Hallo Lukas,');
    expect(email.text).toContain('Die 49,99 €, die du bezahlt hast, gehen zurück auf deine Karte');
    expect(email.html).toContain(`href="${orderUrl}"`);
  });

  it('names no amount when nothing was taken', () => {
    const email = orderCancelledEmail({ locale: 'en-us', orderId: 7, orderUrl });
    expect(email.subject).toBe('Your Piste order 7 has been cancelled');
    expect(email.text).toContain('Order 7 has been cancelled and will not ship.');
    expect(email.text).not.toContain('goes back');
  });
});
