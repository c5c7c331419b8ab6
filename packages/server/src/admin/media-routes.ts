import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  focalPointBody,
  MAX_UPLOAD_BYTES,
  mediaAssetDetail,
  mediaId,
  mediaList,
  mediaListQuery,
  type MediaAssetView,
} from '@piste/admin';
import {
  FieldErrors,
  getMedia,
  listMedia,
  setFocalPoint,
  uploadMedia,
  type MediaAssetRow,
  type MediaLibraryAccess,
} from '@piste/admin/server';
import { mediaUrl } from '@piste/media';
import { inspectImage } from '@piste/media/server';
import { staffOf, type AdminApp, type AdminDeps } from './admin-context';

const tags = ['media'];

/** The renditions the detail shows: the shop's banner, card and square crops, and a thumbnail. */
const RENDITIONS = [
  { label: 'Banner 1440×480', width: 1440, height: 480 },
  { label: 'Banner 768×432', width: 768, height: 432 },
  { label: 'Product card 340×453', width: 340, height: 453 },
  { label: 'Square 480×480', width: 480, height: 480 },
];

const UNREADABLE = 'The upload could not be read: send multipart/form-data with the image in a field named file.';

/**
 * The one file of a multipart upload, read whole (20 MB at most). A malformed body (no
 * boundary, cut short) is the client's mistake: a message at the field, never a 500.
 */
async function uploadedFile(request: FastifyRequest): Promise<{ fileName: string; body: Buffer }> {
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw new FieldErrors({ file: 'Choose an image to upload.' });
    return { fileName: part.filename, body: await part.toBuffer() };
  } catch (error) {
    if (error instanceof FieldErrors) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new FieldErrors({ file: 'Upload files of 20 MB or less.' });
    }
    throw new FieldErrors({ file: UNREADABLE });
  }
}

/**
 * `/admin/api/media`: upload originals to the embedded media service, list them, see their
 * renditions and set the focal point renditions crop around (docs/admin/content.md 'Media').
 */
export function mediaRoutes(deps: AdminDeps) {
  const { db } = deps.database;
  const { service, target } = deps.media;
  const library: MediaLibraryAccess = {
    alias: target.alias,
    inspect: inspectImage,
    addImage: (alias, id, original) => service.library.addImage(alias, id, original),
    setPointOfInterest: (alias, id, poi) => service.library.setPointOfInterest(alias, id, poi),
  };

  /** A rendition URL; a focal point set makes it crop around that point (the media service's `poi`). */
  const renditionUrl = (row: MediaAssetRow, width: number, height: number) =>
    mediaUrl(target.baseUrl, 'i', target.alias, row.mediaId, {
      w: width,
      h: height,
      sm: 'c',
      poi: row.focalX === null || row.focalY === null ? undefined : `${row.focalX.toFixed(4)},${row.focalY.toFixed(4)}`,
      fmt: 'auto',
    });

  const view = (row: MediaAssetRow): MediaAssetView => ({
    id: row.mediaId,
    fileName: row.fileName,
    contentType: row.contentType,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    focalX: row.focalX,
    focalY: row.focalY,
    actor: row.actor,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    thumbnailUrl: mediaUrl(target.baseUrl, 'i', target.alias, row.mediaId, { w: 320, fmt: 'auto' }),
    imageUrl: mediaUrl(target.baseUrl, 'i', target.alias, row.mediaId, { w: Math.min(1200, row.width), fmt: 'auto' }),
  });

  const detail = (row: MediaAssetRow) => ({
    ...view(row),
    renditions: RENDITIONS.map((size) => ({ ...size, url: renditionUrl(row, size.width, size.height) })),
  });

  return async (app: AdminApp) => {
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

    app.post(
      '/media',
      {
        config: { permission: 'media:write' },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description: 'Upload an original as multipart/form-data, in a field named `file` (20 MB at most).',
          response: { 201: mediaAssetDetail },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new FieldErrors({ file: 'Send the image as multipart/form-data, in a field named file.' });
        }
        const body = await uploadedFile(request);
        const row = await uploadMedia(db, staffOf(request), library, body, request.id);
        return reply.status(201).send(detail(row));
      },
    );

    app.get(
      '/media',
      {
        config: { permission: 'catalogue:read' },
        schema: { tags, querystring: mediaListQuery, response: { 200: mediaList } },
      },
      async (request) => {
        const { rows, ...page } = await listMedia(db, request.query);
        return { items: rows.map(view), ...page };
      },
    );

    app.get(
      '/media/:id',
      {
        config: { permission: 'catalogue:read' },
        schema: { tags, params: z.object({ id: mediaId }), response: { 200: mediaAssetDetail } },
      },
      async (request) => detail(await getMedia(db, request.params.id)),
    );

    app.patch(
      '/media/:id',
      {
        config: { permission: 'media:write' },
        schema: { tags, params: z.object({ id: mediaId }), body: focalPointBody, response: { 200: mediaAssetDetail } },
      },
      async (request) =>
        detail(await setFocalPoint(db, staffOf(request), library, request.params.id, request.body, request.id)),
    );
  };
}
