import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  createOutboxService,
  MAX_SEND_ATTEMPTS,
  type OutboxEmail,
  type OutboxEmailSummary,
} from '@piste/commerce/server';
import type { Db } from '@piste/db';
import { errorBody } from '../errors';

export const MAIL_VIEWER_PATH = '/_dev/mail';

/**
 * The viewer's own pages: inline styles only, no scripts, and the email's HTML in a sandboxed
 * srcdoc frame (which inherits this policy: the email's inline styles render, its scripts,
 * remote images and forms do not).
 */
export const MAIL_VIEWER_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'; frame-ancestors 'none'; form-action 'none'";

const LIST_LIMIT = 100;
/** http(s) URLs in an email's text; trailing punctuation ends a sentence, not the URL. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;
const MAX_ID = 2_147_483_647;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and for double- or single-quoted attribute values. */
function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** Every http(s) link in an email's text version, in order, once each. */
export function linksInText(text: string): string[] {
  return [...new Set(text.match(URL_IN_TEXT) ?? [])];
}

/** The text version as HTML: escaped, with its links clickable. */
function linkifiedText(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** Links inside the rendered email leave the sandboxed frame for the whole tab (on click only). */
function withTopTarget(html: string): string {
  const base = '<base target="_top">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}

function status(email: OutboxEmailSummary): string {
  if (email.sentAt) return `sent ${email.sentAt.toISOString()}`;
  if (email.attempts >= MAX_SEND_ATTEMPTS) return `failed, gave up after ${email.attempts} attempts`;
  if (email.lastError) return `pending, retry at ${email.nextAttemptAt.toISOString()} (${email.attempts} failed)`;
  return 'pending';
}

const pageStyle = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 24px; color: #1a1d21; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  p.note { color: #5c6370; margin: 0 0 16px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid #e3e6ea; vertical-align: top; }
  th { background: #f4f5f7; }
  td.time { white-space: nowrap; font-variant-numeric: tabular-nums; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 16px; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  iframe { width: 100%; height: 560px; border: 1px solid #e3e6ea; background: #fff; }
  pre { white-space: pre-wrap; background: #f4f5f7; padding: 12px; border-radius: 4px; }
`;

function page(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${pageStyle}</style></head>`,
    `<body>${body}</body>`,
    '</html>',
  ].join('\n');
}

function sendPage(reply: FastifyReply, statusCode: number, title: string, body: string) {
  return reply
    .status(statusCode)
    .header('content-security-policy', MAIL_VIEWER_CSP)
    .type('text/html; charset=utf-8')
    .send(page(title, body));
}

function listPage(emails: OutboxEmailSummary[]): string {
  const rows = emails
    .map(
      (email) =>
        `<tr><td class="time">${escapeHtml(email.createdAt.toISOString())}</td>` +
        `<td>${escapeHtml(email.kind)}</td><td>${escapeHtml(email.recipient)}</td>` +
        `<td><a href="${MAIL_VIEWER_PATH}/${email.id}">${escapeHtml(email.subject)}</a></td>` +
        `<td>${escapeHtml(status(email))}</td></tr>`,
    )
    .join('\n');
  return [
    '<h1>Outbox</h1>',
    `<p class="note">The ${LIST_LIMIT} newest emails, newest first. Development only (MAIL_VIEWER).</p>`,
    emails.length === 0
      ? '<p>No emails yet.</p>'
      : `<table><thead><tr><th>Time</th><th>Kind</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>${rows}</tbody></table>`,
  ].join('\n');
}

function detailPage(email: OutboxEmail): string {
  const fields: [string, string][] = [
    ['Subject', email.subject],
    ['To', email.recipient],
    ['Kind', email.kind],
    ['Created', email.createdAt.toISOString()],
    ['Status', status(email)],
    ...(email.lastError ? ([['Last error', email.lastError]] as [string, string][]) : []),
  ];
  return [
    `<p><a href="${MAIL_VIEWER_PATH}">← Outbox</a></p>`,
    `<h1>${escapeHtml(email.subject)}</h1>`,
    `<dl>${fields.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`,
    '<h2>HTML</h2>',
    // The sandbox (no allow-scripts, no allow-same-origin) keeps the email's markup away from this page.
    `<iframe sandbox="allow-top-navigation-by-user-activation" title="HTML version" srcdoc="${escapeHtml(withTopTarget(email.html))}"></iframe>`,
    '<h2>Text</h2>',
    `<pre>${linkifiedText(email.text)}</pre>`,
  ].join('\n');
}

function parseId(raw: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

/**
 * The development mail viewer (docs/email.md): `/_dev/mail` lists the outbox, `/_dev/mail/:id`
 * shows one email, `/_dev/mail/latest.json?to=` gives browser tests the newest email to an
 * address with its links. It shows reset tokens to anyone who can reach it: register it only
 * when MAIL_VIEWER is on.
 */
export function mailViewerRoutes(db: Db): FastifyPluginAsync {
  const outbox = createOutboxService(db);
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(MAIL_VIEWER_PATH, async (_request, reply) =>
      sendPage(reply, 200, 'Outbox', listPage(await outbox.listRecent(LIST_LIMIT))),
    );

    app.get<{ Querystring: { to?: string | string[] } }>(`${MAIL_VIEWER_PATH}/latest.json`, async (request, reply) => {
      const to = request.query.to;
      if (typeof to !== 'string' || to.trim() === '') {
        return reply.status(400).send(errorBody('INVALID_PARAMETER', 'Give one recipient address as ?to=.'));
      }
      const email = await outbox.latestFor(to);
      if (!email) return reply.status(404).send(errorBody('NOT_FOUND', 'No email to that address.'));
      return {
        id: email.id,
        kind: email.kind,
        recipient: email.recipient,
        subject: email.subject,
        text: email.text,
        html: email.html,
        links: linksInText(email.text),
        createdAt: email.createdAt.toISOString(),
        sentAt: email.sentAt?.toISOString() ?? null,
      };
    });

    app.get<{ Params: { id: string } }>(`${MAIL_VIEWER_PATH}/:id`, async (request, reply) => {
      const id = parseId(request.params.id);
      if (id === null) {
        return sendPage(reply, 400, 'Bad request', '<h1>Bad request</h1><p>Email ids are whole numbers.</p>');
      }
      const email = await outbox.get(id);
      if (!email) {
        return sendPage(reply, 404, 'Not found', `<h1>Not found</h1><p>No email ${id} in the outbox.</p>`);
      }
      return sendPage(reply, 200, email.subject, detailPage(email));
    });
  };
}
