import { localizePath } from '@piste/core';

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

function greeting(firstName: string | undefined): string {
  const name = firstName?.trim();
  return name ? `Hi ${name},` : 'Hello,';
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

function button(label: string, url: string): string {
  const href = escapeHtml(checkedUrl(url));
  return (
    `<p style="${styles.p}"><a href="${href}" style="${styles.button}">${escapeHtml(label)}</a></p>` +
    `<p style="${styles.small}">Or open this link: <a href="${href}">${href}</a></p>`
  );
}

/** The shared layout; `content` is already-escaped HTML. */
function layout(title: string, content: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>`,
    `<body style="${styles.body}">`,
    `<div style="${styles.wrapper}"><div style="${styles.card}">`,
    `<p style="${styles.brand}">${BRAND}</p>`,
    content,
    `<p style="${styles.footer}">${BRAND} · snow and outdoor gear</p>`,
    '</div></div>',
    '</body>',
    '</html>',
  ].join('\n');
}

function textBody(lines: string[]): string {
  return [...lines, '', `— ${BRAND}`].join('\n') + '\n';
}

export function passwordResetEmail({
  firstName,
  resetUrl,
  expiresInMinutes,
}: {
  firstName?: string;
  resetUrl: string;
  expiresInMinutes: number;
}): RenderedEmail {
  checkedUrl(resetUrl);
  const subject = `Reset your ${BRAND} password`;
  const asked = `Someone (hopefully you) asked to reset the password of your ${BRAND} account.`;
  const expiry = `The link works once, for ${expiresInMinutes} minutes.`;
  const ignore = 'If you did not ask for it, ignore this email: your password stays as it is.';
  return {
    subject,
    text: textBody([greeting(firstName), '', asked, 'Choose a new password here:', '', resetUrl, '', expiry, ignore]),
    html: layout(
      subject,
      [
        paragraph(greeting(firstName)),
        paragraph(asked),
        button('Choose a new password', resetUrl),
        paragraph(expiry),
        paragraph(ignore),
      ].join('\n'),
    ),
  };
}

export function accountCreatedEmail({
  firstName,
  accountUrl,
  isPro,
}: {
  firstName?: string;
  accountUrl: string;
  isPro: boolean;
}): RenderedEmail {
  checkedUrl(accountUrl);
  const subject = `Welcome to ${BRAND}`;
  const created = `Your ${BRAND} account is ready.`;
  const what = isPro
    ? 'Your trade (pro) account is set up: signed in, you see your group prices at checkout and throughout the shop.'
    : 'Signed in, you check out faster with your saved addresses and can follow your orders.';
  return {
    subject,
    text: textBody([greeting(firstName), '', created, what, '', 'Your account:', accountUrl]),
    html: layout(
      subject,
      [
        paragraph(greeting(firstName)),
        paragraph(created),
        paragraph(what),
        button('Go to your account', accountUrl),
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

export interface OrderConfirmationTotals {
  subtotal: string;
  shipping: string;
  tax: string;
  total: string;
}

export function orderConfirmationEmail({
  firstName,
  orderId,
  orderUrl,
  lines,
  totals,
}: {
  firstName?: string;
  orderId: number | string;
  orderUrl: string;
  lines: OrderConfirmationLine[];
  totals: OrderConfirmationTotals;
}): RenderedEmail {
  checkedUrl(orderUrl);
  const subject = `Your ${BRAND} order ${orderId}`;
  const thanks = `Thank you for your order. We have received order ${orderId} and will let you know when it ships.`;
  const totalRows: [string, string][] = [
    ['Subtotal', totals.subtotal],
    ['Shipping', totals.shipping],
    ['Tax', totals.tax],
    ['Total', totals.total],
  ];

  const text = textBody([
    greeting(firstName),
    '',
    thanks,
    '',
    ...lines.map((line) => `${line.quantity} × ${line.name}: ${line.total}`),
    '',
    ...totalRows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Follow your order:',
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
    subject,
    [
      paragraph(greeting(firstName)),
      paragraph(thanks),
      `<table role="presentation" style="${styles.table}">${lineRows}</table>`,
      `<table role="presentation" style="${styles.table}">${totalsRows}</table>`,
      button('View your order', orderUrl),
    ].join('\n'),
  );
  return { subject, text, html };
}
