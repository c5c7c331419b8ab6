/**
 * Form posts to pages, over real HTTP. React Router's actions read the whole body
 * before parsing it, so the server counts it as it arrives and answers 413 past its limits
 * (`storefront/page-body-limit.ts`); a page that answers without reading its body must leave
 * the keep-alive connection able to carry the next request.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPagesApp } from '../support/app-harness';
import { PAGE_BODY_LIMITS } from '../../src/storefront/page-body-limit';
import { bySize, recordFigure } from './mode';

const SECTION = 'Web security';
const FORM_TYPE = 'application/x-www-form-urlencoded';
/** The sign-in form's action: the post that found the hole (docs/reliability.md, hole 1). */
const SIGN_IN = '/en-us/account?index';
const MIB = 1024 * 1024;
/** The largest body streamed at the server: memory must stay flat however much is sent. */
const STREAMED_BYTES = bySize(16 * MIB, 300 * MIB);
/** How long an answer may take before the connection counts as stalled. */
const ANSWER_WITHIN_MS = 5_000;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Post {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  /** The whole body, sent with its Content-Length, or chunks streamed without one. */
  body: Buffer | (() => Iterable<Buffer>);
  agent?: Agent;
}

/**
 * Sends one request and resolves with the answer, whether or not the server read the whole
 * body: a server that refuses a body may close the connection while the client still sends.
 */
function send(origin: URL, post: Post): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...post.headers };
    if (Buffer.isBuffer(post.body)) headers['content-length'] = String(post.body.length);
    const outgoing = httpRequest(new URL(post.path, origin), {
      method: post.method ?? 'POST',
      headers,
      agent: post.agent ?? false,
      timeout: ANSWER_WITHIN_MS,
    });
    let answered = false;
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)));
    outgoing.on('error', (error) => !answered && reject(error));
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        answered = true;
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        });
      });
      response.on('error', reject);
    });
    if (Buffer.isBuffer(post.body)) {
      outgoing.end(post.body);
      return;
    }
    const chunks = post.body()[Symbol.iterator]();
    const writeMore = () => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        if (answered || outgoing.destroyed) return;
        if (!outgoing.write(next.value)) return void outgoing.once('drain', writeMore);
      }
      outgoing.end();
    };
    writeMore();
  });
}

/** A urlencoded sign-in whose `password` field is padded to `bytes` in chunks of 64 KiB. */
function* paddedSignIn(bytes: number): Iterable<Buffer> {
  yield Buffer.from('intent=signin&email=nobody%40example.com&password=');
  const chunk = Buffer.alloc(64 * 1024, 'a');
  for (let sent = 0; sent < bytes; sent += chunk.length) yield chunk;
}

function multipart(fields: [string, string][], boundary: string): Buffer {
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.from(`${parts.join('')}--${boundary}--\r\n`);
}

describe('page form bodies', () => {
  let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
  let origin: URL;

  beforeAll(async () => {
    harness = await createSeededPagesApp();
    await harness.app.listen({ host: '127.0.0.1', port: 0 });
    origin = new URL(`http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`);
  });
  afterAll(() => harness?.close());

  const tooLargePage = (answer: Answer) => {
    expect(answer.status, answer.body.slice(0, 200)).toBe(413);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toContain('This form is too large');
  };

  it('answers 413 to a form post over the byte limit, announced or streamed, and memory stays flat', async () => {
    const justOver = PAGE_BODY_LIMITS.bytes + 1;
    const announced = Buffer.concat([...paddedSignIn(justOver)]);
    tooLargePage(await send(origin, { path: SIGN_IN, headers: { 'content-type': FORM_TYPE }, body: announced }));
    tooLargePage(
      await send(origin, {
        path: SIGN_IN,
        headers: { 'content-type': `multipart/form-data; boundary=b` },
        body: Buffer.concat([Buffer.from('--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n'), announced]),
      }),
    );
    // React Router's data request of the same action: the API's error body.
    const data = await send(origin, {
      path: '/en-us/account.data?index',
      headers: { 'content-type': FORM_TYPE },
      body: () => paddedSignIn(justOver),
    });
    expect(data.status).toBe(413);
    expect(JSON.parse(data.body)).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
    });

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    tooLargePage(
      await send(origin, {
        path: SIGN_IN,
        headers: { 'content-type': FORM_TYPE },
        body: () => paddedSignIn(STREAMED_BYTES),
      }),
    );
    const grewMiB = (process.memoryUsage().rss - rssBefore) / MIB;
    recordFigure(SECTION, 'streamed form body refused with 413', STREAMED_BYTES / MIB, 'MiB');
    recordFigure(SECTION, 'memory growth while refusing it', Math.round(grewMiB), 'MiB');
    expect(grewMiB).toBeLessThan(32);

    // Within the limits the form works as before: a wrong password, not a refusal.
    const signIn = await send(origin, {
      path: SIGN_IN,
      headers: { 'content-type': FORM_TYPE },
      body: Buffer.from('intent=signin&email=nobody%40example.com&password=not-the-password'),
    });
    expect(signIn.status).toBeLessThan(413);
  });

  it('answers 413 to a multipart post with too many parts or one part too large', async () => {
    const type = { 'content-type': 'multipart/form-data; boundary=piste' };
    const manyParts = Array.from({ length: PAGE_BODY_LIMITS.parts + 1 }, (_x, index): [string, string] => [
      `f${index}`,
      'x',
    ]);
    tooLargePage(await send(origin, { path: SIGN_IN, headers: type, body: multipart(manyParts, 'piste') }));
    const bigPart: [string, string][] = [
      ['intent', 'signin'],
      ['password', 'a'.repeat(PAGE_BODY_LIMITS.partBytes + 1)],
    ];
    tooLargePage(await send(origin, { path: SIGN_IN, headers: type, body: multipart(bigPart, 'piste') }));

    const fine = await send(origin, {
      path: SIGN_IN,
      headers: type,
      body: multipart(
        [
          ['intent', 'signin'],
          ['email', 'nobody@example.com'],
          ['password', 'not-the-password'],
        ],
        'piste',
      ),
    });
    expect(fine.status).toBeLessThan(413);
  });

  it('keeps a keep-alive connection answering after a page answers 405 without reading a large body', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const bytes of [200 * 1024, PAGE_BODY_LIMITS.bytes]) {
        const refused = await send(origin, {
          path: '/en-us/search',
          headers: { 'content-type': FORM_TYPE },
          body: Buffer.alloc(bytes, 'a'),
          agent,
        });
        expect(refused.status).toBe(405);
        const next = await send(origin, {
          path: '/en-us/search?q=binding',
          method: 'GET',
          body: Buffer.alloc(0),
          agent,
        });
        expect(next.status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });
});
