import { z } from 'zod';
import {
  contentLocaleParam,
  contentTypeSummary,
  contentTypeUid,
  contentTypeView,
  createEntryBody,
  createdEntry,
  discardDraftQuery,
  draftView,
  entryList,
  entryListQuery,
  entryParams,
  entryQuery,
  entryView,
  previewAnswer,
  previewBody,
  publishBody,
  referenceList,
  referencesQuery,
  rollbackBody,
  saveDraftBody,
  versionParams,
  versionView,
} from '@piste/admin';
import {
  createEntry,
  discardDraft,
  getContentType,
  listContentTypes,
  listEntries,
  previewTarget,
  publishDraft,
  readEntry,
  readVersion,
  referenceOptions,
  rollbackEntry,
  saveDraft,
  toContentLocale,
} from '@piste/admin/server';
import { staffOf, type AdminApp, type AdminDeps } from './admin-context';
import { PREVIEW_PARAM } from '../storefront/content-preview';

const tags = ['content'];
const published = z.object({ version: z.number() });

/**
 * `/admin/api/content`: the embedded content service's entries per locale, edited as drafts,
 * previewed on the storefront, published as versions and rolled back (docs/admin/content.md).
 * Publishing goes through the content store's own write, so every instance's caches and pages
 * follow within a second.
 */
export function contentRoutes(deps: AdminDeps) {
  const { db } = deps.database;
  return async (app: AdminApp) => {
    app.get(
      '/content/types',
      {
        config: { permission: 'content:read' },
        schema: { tags, response: { 200: z.object({ items: z.array(contentTypeSummary) }) } },
      },
      async () => ({ items: await listContentTypes(db) }),
    );

    app.get(
      '/content/types/:type',
      {
        config: { permission: 'content:read' },
        schema: { tags, params: z.object({ type: contentTypeUid }), response: { 200: contentTypeView } },
      },
      async (request) => getContentType(db, request.params.type),
    );

    app.get(
      '/content/types/:type/entries',
      {
        config: { permission: 'content:read' },
        schema: {
          tags,
          params: z.object({ type: contentTypeUid }),
          querystring: entryListQuery,
          response: { 200: entryList },
        },
      },
      async (request) => listEntries(db, request.params.type, request.query),
    );

    app.post(
      '/content/types/:type/entries',
      {
        config: { permission: 'content:write' },
        schema: {
          tags,
          params: z.object({ type: contentTypeUid }),
          querystring: z.object({ locale: contentLocaleParam }),
          body: createEntryBody,
          response: { 201: createdEntry },
        },
      },
      async (request, reply) => {
        const created = await createEntry(
          db,
          staffOf(request),
          {
            type: request.params.type,
            locale: toContentLocale(request.query.locale),
            uid: request.body.uid,
            document: request.body.document,
          },
          request.id,
        );
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/content/references',
      {
        config: { permission: 'content:read' },
        schema: { tags, querystring: referencesQuery, response: { 200: referenceList } },
      },
      async (request) => ({ items: await referenceOptions(db, request.query.types, request.query.q) }),
    );

    const keyOf = (params: { type: string; uid: string }, locale: string) => ({
      type: params.type,
      uid: params.uid,
      locale: toContentLocale(locale),
    });

    app.get(
      '/content/entries/:type/:uid',
      {
        config: { permission: 'content:read' },
        schema: { tags, params: entryParams, querystring: entryQuery, response: { 200: entryView } },
      },
      async (request) => readEntry(db, request.params.type, request.params.uid, request.query.locale),
    );

    app.get(
      '/content/entries/:type/:uid/versions/:version',
      {
        config: { permission: 'content:read' },
        schema: { tags, params: versionParams, querystring: entryQuery, response: { 200: versionView } },
      },
      async (request) => readVersion(db, keyOf(request.params, request.query.locale), request.params.version),
    );

    app.put(
      '/content/entries/:type/:uid/draft',
      {
        config: { permission: 'content:write' },
        schema: {
          tags,
          params: entryParams,
          querystring: entryQuery,
          body: saveDraftBody,
          response: { 200: draftView },
        },
      },
      async (request) =>
        saveDraft(db, staffOf(request), keyOf(request.params, request.query.locale), request.body, request.id),
    );

    app.delete(
      '/content/entries/:type/:uid/draft',
      {
        config: { permission: 'content:write' },
        schema: { tags, params: entryParams, querystring: discardDraftQuery },
      },
      async (request, reply) => {
        const key = keyOf(request.params, request.query.locale);
        await discardDraft(db, staffOf(request), key, request.query.version, request.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/content/entries/:type/:uid/publish',
      {
        config: { permission: 'content:write' },
        schema: { tags, params: entryParams, querystring: entryQuery, body: publishBody, response: { 200: published } },
      },
      async (request) =>
        publishDraft(
          db,
          staffOf(request),
          keyOf(request.params, request.query.locale),
          request.body.draftVersion,
          request.id,
        ),
    );

    app.post(
      '/content/entries/:type/:uid/rollback',
      {
        config: { permission: 'content:write' },
        schema: {
          tags,
          params: entryParams,
          querystring: entryQuery,
          body: rollbackBody,
          response: { 200: published },
        },
      },
      async (request) =>
        rollbackEntry(
          db,
          staffOf(request),
          keyOf(request.params, request.query.locale),
          request.body.version,
          request.id,
        ),
    );

    app.post(
      '/content/entries/:type/:uid/preview',
      {
        config: { permission: 'content:read' },
        schema: {
          tags,
          params: entryParams,
          querystring: entryQuery,
          body: previewBody.default({}),
          response: { 200: previewAnswer },
        },
      },
      async (request) => {
        const key = keyOf(request.params, request.query.locale);
        const { draftVersion, path } = await previewTarget(db, key, request.body.shopLocale);
        const { token, expiresAt } = deps.previewTokens.sign({ ...key, draftVersion });
        const url = new URL(path, deps.publicUrl);
        url.searchParams.set(PREVIEW_PARAM, token);
        return { url: url.toString(), expiresAt: expiresAt.toISOString() };
      },
    );
  };
}
