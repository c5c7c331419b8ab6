import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '@piste/core';
import type { Permission } from '@piste/admin';
import type { PreviewTokens, StaffActor } from '@piste/admin/server';
import type { Database } from '@piste/db';
import type { MediaService } from '@piste/media/server';
import type { Services } from '../services';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a staff member must be allowed to do to call the route (`@piste/admin` roles.ts).
     * Every admin route names one, or says `public: true` (sign-in): a route with neither
     * refuses everyone, so a forgotten permission fails closed.
     */
    permission?: Permission;
    public?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in staff member on `/admin/api`; null before sign-in and elsewhere. */
    staff: StaffActor | null;
  }
}

/** What every admin route module is given: the same domain services as the shop, and the database. */
export interface AdminDeps {
  database: Database;
  services: Services;
  /** Announces a catalogue or content change to every instance (caches, search): see cache-clearing.ts. */
  commerceChanged: (change: { productIds: number[] }) => Promise<void> | void;
  /** The shop's public address, for preview links and emails. */
  publicUrl: string;
  /** Signs storefront preview links of content drafts (PREVIEW_SECRET). */
  previewTokens: PreviewTokens;
  /** The embedded media service (uploads land in its library) and where image URLs point. */
  media: { service: MediaService; target: { baseUrl: string; alias: string } };
}

/** The admin API with zod schemas typing each route's body, query, params and answer. */
export type AdminApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** An admin route module: registered under /admin/api by admin-api.ts. */
export type AdminRoutes = (app: AdminApp) => Promise<void>;

/** The signed-in staff member; the auth hook has already refused a request without one. */
export function staffOf(request: FastifyRequest): StaffActor {
  if (!request.staff) throw new DomainError('UNAUTHORIZED', 'Sign in to the back office first.', 'SIGN_IN_REQUIRED');
  return request.staff;
}
