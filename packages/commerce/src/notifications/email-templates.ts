import { localizePath } from '@piste/core';
import { emailTextsFor } from './email-texts';

type EmailTexts = ReturnType<typeof emailTextsFor>;

/** A rendered email, ready for `enqueueEmail` with a kind and a recipient. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const BRAND = 'Piste';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** Links in emails are absolute http(s) URLs; anything else (javascript:, relative) is a bug upstream. */
function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Email links must be absolute URLs, not "${url}".`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`Email links must be http(s) URLs, not "${parsed.protocol}".`);
  }
  return url;
}

/**
 * Where a password-reset email sends the shopper (spec §2): the storefront login page of their
 * locale with `action=reset_password` and the token.
 */
export function passwordResetUrl({ baseUrl, locale, token }: { baseUrl: string; locale: string; token: string }) {
  const path = localizePath(locale, '/account');
  return `${baseUrl.replace(/\/+$/, '')}${path}?action=reset_password&token=${encodeURIComponent(token)}`;
}

function greeting(words: EmailTexts, firstName: string | undefined): string {
  const name = firstName?.trim();
  return name ? words.text('greetingNamed', { name }) : words.text('greeting');
}

const styles = {
  body: 'margin:0;padding:0;background:#f4f5f7;',
  wrapper: 'width:100%;background:#f4f5f7;padding:24px 0;',
  card: 'max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1a1d21;',
  brand: 'margin:0 0 24px;font-size:24px;font-weight:700;letter-spacing:0.04em;color:#0b3d91;',
  p: 'margin:0 0 16px;',
  button:
    'display:inline-block;background:#0b3d91;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 24px;border-radius:4px;',
  small: 'margin:16px 0 0;font-size:13px;color:#5c6370;word-break:break-all;',
  footer: 'margin:24px 0 0;font-size:12px;color:#8a919c;',
  table: 'width:100%;border-collapse:collapse;margin:0 0 16px;',
  cell: 'padding:8px 0;border-bottom:1px solid #e3e6ea;',
  number: 'padding:8px 0;border-bottom:1px solid #e3e6ea;text-align:right;white-space:nowrap;',
  totalLabel: 'padding:4px 0;',
  totalValue: 'padding:4px 0;text-align:right;white-space:nowrap;',
};

/** Escaped HTML fragments: everything interpolated into them goes through `escapeHtml` first. */
function paragraph(text: string): string {
  return `<p style="${styles.p}">${escapeHtml(text)}</p>`;
}

function button(words: EmailTexts, label: string, url: string): string {
  const href = escapeHtml(checkedUrl(url));
  return (
    `<p style="${styles.p}"><a href="${href}" style="${styles.button}">${escapeHtml(label)}</a></p>` +
    `<p style="${styles.small}">${escapeHtml(words.text('orOpenLink'))} <a href="${href}">${href}</a></p>`
  );
}

/** The shared layout; `content` is already-escaped HTML. */
function layout(words: EmailTexts, title: string, content: string): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(words.language)}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>`,
    `<body style="${styles.body}">`,
    `<div style="${styles.wrapper}"><div style="${styles.card}">`,
    `<p style="${styles.brand}">${BRAND}</p>`,
    content,
    `<p style="${styles.footer}">${BRAND} · ${escapeHtml(words.text('footer'))}</p>`,
    '</div></div>',
    '</body>',
    '</html>',
  ].join('\n');
}

function textBody(lines: string[]): string {
  return [...lines, '', `— ${BRAND}`].join('\n') + '\n';
}

/** Every email is written in the language of `locale`, the shop locale the shopper used (English fallback). */
export function passwordResetEmail({
  locale,
  firstName,
  resetUrl,
  expiresInMinutes,
}: {
  locale: string;
  firstName?: string;
  resetUrl: string;
  expiresInMinutes: number;
}): RenderedEmail {
  checkedUrl(resetUrl);
  const words = emailTextsFor(locale);
  const subject = words.text('resetSubject');
  const asked = words.text('resetAsked');
  const expiry = words.text('resetExpiry', { minutes: expiresInMinutes });
  const ignore = words.text('resetIgnore');
  const hello = greeting(words, firstName);
  return {
    subject,
    text: textBody([hello, '', asked, words.text('resetChooseHere'), '', resetUrl, '', expiry, ignore]),
    html: layout(
      words,
      subject,
      [
        paragraph(hello),
        paragraph(asked),
        button(words, words.text('resetButton'), resetUrl),
        paragraph(expiry),
        paragraph(ignore),
      ].join('\n'),
    ),
  };
}

export function accountCreatedEmail({
  locale,
  firstName,
  accountUrl,
  isPro,
}: {
  locale: string;
  firstName?: string;
  accountUrl: string;
  isPro: boolean;
}): RenderedEmail {
  checkedUrl(accountUrl);
  const words = emailTextsFor(locale);
  const subject = words.text('welcomeSubject');
  const created = words.text('welcomeReady');
  const what = words.text(isPro ? 'welcomePro' : 'welcomeRegular');
  const hello = greeting(words, firstName);
  return {
    subject,
    text: textBody([hello, '', created, what, '', words.text('welcomeYourAccount'), accountUrl]),
    html: layout(
      words,
      subject,
      [
        paragraph(hello),
        paragraph(created),
        paragraph(what),
        button(words, words.text('welcomeButton'), accountUrl),
      ].join('\n'),
    ),
  };
}

export interface OrderConfirmationLine {
  name: string;
  quantity: number;
  /** The line's total, formatted in the order's currency. */
  total: string;
}

/** A promotion's saving on the order: a coupon's (under its code) or an automatic one's (under its name). */
export interface OrderConfirmationDiscount {
  code: string | null;
  name: string;
  /** The saving, formatted negative in the order's currency (`-5,00 €`). */
  amount: string;
}

export interface OrderConfirmationTotals {
  subtotal: string;
  /** Shown under the subtotal, in the shopper's language (issue 28 'Promotions'). */
  discounts?: OrderConfirmationDiscount[];
  shipping: string;
  tax: string;
  total: string;
}

export function orderConfirmationEmail({
  locale,
  firstName,
  orderId,
  orderUrl,
  lines,
  totals,
}: {
  locale: string;
  firstName?: string;
  orderId: number | string;
  orderUrl: string;
  lines: OrderConfirmationLine[];
  totals: OrderConfirmationTotals;
}): RenderedEmail {
  checkedUrl(orderUrl);
  const words = emailTextsFor(locale);
  const subject = words.text('orderSubject', { orderId });
  const thanks = words.text('orderThanks', { orderId });
  const hello = greeting(words, firstName);
  const totalRows: [string, string][] = [
    [words.text('subtotal'), totals.subtotal],
    ...(totals.discounts ?? []).map((discount): [string, string] => [
      discount.code ? words.text('discountCode', { code: discount.code }) : discount.name,
      discount.amount,
    ]),
    [words.text('shipping'), totals.shipping],
    [words.text('tax'), totals.tax],
    [words.text('total'), totals.total],
  ];

  const text = textBody([
    hello,
    '',
    thanks,
    '',
    ...lines.map((line) => `${line.quantity} × ${line.name}: ${line.total}`),
    '',
    ...totalRows.map(([label, value]) => `${label}: ${value}`),
    '',
    words.text('orderFollow'),
    orderUrl,
  ]);

  const lineRows = lines
    .map(
      (line) =>
        `<tr><td style="${styles.cell}">${escapeHtml(line.quantity)} × ${escapeHtml(line.name)}</td>` +
        `<td style="${styles.number}">${escapeHtml(line.total)}</td></tr>`,
    )
    .join('');
  const totalsRows = totalRows
    .map(([label, value], index) => {
      const weight = index === totalRows.length - 1 ? 'font-weight:700;' : '';
      return (
        `<tr><td style="${styles.totalLabel}${weight}">${escapeHtml(label)}</td>` +
        `<td style="${styles.totalValue}${weight}">${escapeHtml(value)}</td></tr>`
      );
    })
    .join('');

  const html = layout(
    words,
    subject,
    [
      paragraph(hello),
      paragraph(thanks),
      `<table role="presentation" style="${styles.table}">${lineRows}</table>`,
      `<table role="presentation" style="${styles.table}">${totalsRows}</table>`,
      button(words, words.text('orderButton'), orderUrl),
    ].join('\n'),
  );
  return { subject, text, html };
}

/** Sent when an order's parcel leaves: the carrier, the tracking number and the order's page. */
export function orderShippedEmail({
  locale,
  firstName,
  orderId,
  orderUrl,
  carrier,
  trackingNumber,
}: {
  locale: string;
  firstName?: string;
  orderId: number | string;
  orderUrl: string;
  carrier: string;
  trackingNumber: string;
}): RenderedEmail {
  checkedUrl(orderUrl);
  const words = emailTextsFor(locale);
  const subject = words.text('shippedSubject', { orderId });
  const shipped = words.text('shippedBody', { orderId });
  const hello = greeting(words, firstName);
  const parcel: [string, string][] = [
    [words.text('carrier'), carrier],
    [words.text('trackingNumber'), trackingNumber],
  ];
  const text = textBody([
    hello,
    '',
    shipped,
    '',
    ...parcel.map(([label, value]) => `${label}: ${value}`),
    '',
    words.text('orderFollow'),
    orderUrl,
  ]);
  const rows = parcel
    .map(
      ([label, value]) =>
        `<tr><td style="${styles.totalLabel}">${escapeHtml(label)}</td>` +
        `<td style="${styles.totalValue}">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = layout(
    words,
    subject,
    [
      paragraph(hello),
      paragraph(shipped),
      `<table role="presentation" style="${styles.table}">${rows}</table>`,
      button(words, words.text('orderButton'), orderUrl),
    ].join('\n'),
  );
  return { subject, text, html };
}

/**
 * Sent when staff cancel an order before it ships: it will not ship, and what was paid goes back
 * to the card (`amount`, formatted in the order's currency and language; left out when nothing was taken).
 */
export function orderCancelledEmail({
  locale,
  firstName,
  orderId,
  orderUrl,
  amount,
}: {
  locale: string;
  firstName?: string;
  orderId: number | string;
  orderUrl: string;
  amount?: string;
}): RenderedEmail {
  checkedUrl(orderUrl);
  const words = emailTextsFor(locale);
  const subject = words.text('cancelledSubject', { orderId });
  const hello = greeting(words, firstName);
  const said = [
    words.text('cancelledBody', { orderId }),
    ...(amount ? [words.text('cancelledMoney', { amount })] : []),
  ];
  const text = textBody([hello, '', ...said, '', words.text('orderFollow'), orderUrl]);
  const html = layout(
    words,
    subject,
    [paragraph(hello), ...said.map(paragraph), button(words, words.text('orderButton'), orderUrl)].join('\n'),
  );
  return { subject, text, html };
}
