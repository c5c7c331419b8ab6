import { relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_NAME, type MediaService, type TransformParams } from '@piste/media/server';
import { errorBody, handleApiError } from '../errors';
import { mediaParamError, parseImageQuery, parseMetadataQuery } from './media-params';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Metadata and videos can change when the library is regenerated under the same id. */
const REVALIDATE = 'public, max-age=300';

const FORMAT_BY_EXTENSION: Record<string, TransformParams['fmt']> = {
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
};

interface MediaName {
  id: string;
  metadata: boolean;
  format?: TransformParams['fmt'];
}

type Params = { alias: string; name: string; profile?: string };
type Query = Record<string, string | string[] | undefined>;

/** `{id}`, `{id}.json` (metadata) or `{id}.{jpg|png|webp|avif}` (format); names outside MEDIA_NAME are refused. */
function parseName(alias: string, name: string): MediaName {
  if (!MEDIA_NAME.test(alias)) throw mediaParamError('INVALID_PARAMETER', 'The media alias is not a valid name.');
  const match = /^(.+)\.(json|jpg|jpeg|png|webp|avif)$/i.exec(name);
  const id = match ? match[1]! : name;
  if (!MEDIA_NAME.test(id)) throw mediaParamError('INVALID_PARAMETER', 'The media id is not a valid name.');
  const extension = match?.[2]?.toLowerCase();
  return {
    id,
    metadata: extension === 'json',
    format: extension && extension !== 'json' ? FORMAT_BY_EXTENSION[extension] : undefined,
  };
}

/** `If-None-Match` holds our strong ETag (or `*`); weak comparison, as RFC 9110 asks for GET. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

function notFound(reply: FastifyReply, what: string) {
  return reply.status(404).send(errorBody('NOT_FOUND', `No ${what} with that id.`));
}

/**
 * `/media`: the embedded, Amplience-compatible media provider (spec §7 'Media service'):
 * `/i/{alias}/{id}` images and `/s/{alias}/{id}` image sets, transformed by query parameters;
 * `/v/{alias}/{id}[/{profile}]` videos; each with `.json?metadata=true` for its metadata.
 */
export function mediaRoutes(service: MediaService): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyStatic, { root: service.library.root, serve: false });

    app.setErrorHandler(handleApiError);

    // Media may be embedded by any origin (a CDN, another storefront), like a hosted media service.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    });

    const origin = (request: FastifyRequest, protocol?: 'http' | 'https') =>
      `${protocol ?? request.protocol}://${request.host}${app.prefix}`;

    const image =
      (kind: 'i' | 's') =>
      async (request: FastifyRequest<{ Params: Params; Querystring: Query }>, reply: FastifyReply) => {
        const { alias } = request.params;
        const name = parseName(alias, request.params.name);
        if (name.metadata) {
          const { protocol } = parseMetadataQuery(request.query);
          const body =
            kind === 'i'
              ? service.imageMetadata(alias, name.id, origin(request, protocol))
              : service.setMetadata(alias, name.id, origin(request, protocol));
          if (!body) return notFound(reply, kind === 'i' ? 'image' : 'image set');
          return reply.header('cache-control', REVALIDATE).send(body);
        }
        const params = parseImageQuery(request.query, name.format);
        const result = await service.image(kind, alias, name.id, params, request.headers.accept);
        if (!result) return notFound(reply, kind === 'i' ? 'image' : 'image set');
        reply.header('etag', result.etag).header('cache-control', IMMUTABLE).header('vary', 'Accept');
        if (matchesEtag(request.headers['if-none-match'], result.etag)) return reply.status(304).send();
        return reply.type(result.contentType).send(result.body);
      };

    app.get('/i/:alias/:name', image('i'));
    app.get('/s/:alias/:name', image('s'));

    const video = async (request: FastifyRequest<{ Params: Params; Querystring: Query }>, reply: FastifyReply) => {
      const { alias, profile } = request.params;
      const name = parseName(alias, request.params.name);
      if (name.metadata) {
        if (profile) return notFound(reply, 'video');
        const { protocol } = parseMetadataQuery(request.query);
        const body = service.videoMetadata(
          alias,
          name.id,
          origin(request, protocol),
          protocol ?? (request.protocol as 'http' | 'https'),
        );
        if (!body) return notFound(reply, 'video');
        return reply.header('cache-control', REVALIDATE).send(body);
      }
      if (name.format)
        throw mediaParamError('INVALID_PARAMETER', 'Ask for a video rendition by profile, e.g. /mp4_720p.');
      const [unknownParameter] = Object.keys(request.query);
      if (unknownParameter) throw mediaParamError('UNKNOWN_PARAMETER', `Unknown parameter '${unknownParameter}'.`);
      if (profile !== undefined && !MEDIA_NAME.test(profile)) {
        throw mediaParamError('INVALID_PARAMETER', 'The video profile is not a valid name.');
      }
      const rendition = service.videoRendition(alias, name.id, profile);
      if (!rendition) return notFound(reply, 'video');
      reply.header('cache-control', REVALIDATE).header('content-type', rendition.type);
      return reply.sendFile(relative(service.library.root, rendition.absolutePath), { cacheControl: false });
    };

    app.get('/v/:alias/:name', video);
    app.get('/v/:alias/:name/:profile', video);

    // More specific than the storefront's catch-all: unknown media paths stay JSON 404s.
    const unknown = (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .status(404)
        .send(errorBody('NOT_FOUND', `No media route for ${request.method} ${request.url.split('?')[0]}`));
    app.all('/', unknown);
    app.all('/*', unknown);
  };
}
