import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CustomerService, CustomerStatus } from '@piste/commerce';
import { parseSessionCookie, SESSION_COOKIE, sessionCookie, type SessionStore } from '../sessions/index';

/** The signed-in customer of a request, and the session token that proved it. */
export interface RequestCustomer {
  token: string | null;
  status: CustomerStatus | null;
}

const resolved = new WeakMap<FastifyRequest, Promise<RequestCustomer>>();

/**
 * Reads the request's session once (API routes and the page render share the answer). Only
 * requests that reach a route ask, so static assets never touch the session store. A cookie
 * whose session has ended, or whose account is gone, is cleared in the response.
 */
export function requestCustomer(
  request: FastifyRequest,
  reply: FastifyReply,
  services: { sessions: SessionStore; customers: CustomerService },
): Promise<RequestCustomer> {
  let answer = resolved.get(request);
  if (!answer) {
    answer = (async () => {
      const token = parseSessionCookie(request.cookies[SESSION_COOKIE]);
      if (!token) return { token: null, status: null };
      const session = await services.sessions.read(token);
      const status = session ? await services.customers.status(session.customerId) : null;
      if (!status) {
        reply.header('set-cookie', sessionCookie(null, { secure: request.protocol === 'https' }));
        return { token: null, status: null };
      }
      return { token, status };
    })();
    resolved.set(request, answer);
  }
  return answer;
}
