import { createHash, randomBytes } from 'node:crypto';
import { asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { FieldErrors } from '../admin-error';
import { recordAudit } from '../audit/audit-log';
import { mediaAssets } from '../schema/operations';
import { actorLabel, type StaffActor } from '../staff-actor';
import { MAX_UPLOAD_BYTES } from './media-schemas';

export const MEDIA_PAGE_SIZE = 48;

export type MediaAssetRow = typeof mediaAssets.$inferSelect;

/** What the media service offers uploads: its library of originals and a look at a file's real format. */
export interface MediaLibraryAccess {
  alias: string;
  inspect(body: Buffer): Promise<{
    extension: string;
    contentType: string;
    width: number;
    height: number;
    alpha: boolean;
  } | null>;
  addImage(
    alias: string,
    id: string,
    original: { body: Buffer; extension: string; width: number; height: number; alpha: boolean; hash: string },
  ): Promise<void>;
  setPointOfInterest(
    alias: string,
    id: string,
    poi: { x: number; y: number; w: number; h: number } | null,
  ): Promise<void>;
}

/** A media id from an uploaded file's name: `Spring Tour.JPG` → `spring-tour-3f9a1c`; unique by its suffix. */
export function mediaIdFor(fileName: string): string {
  const base = fileName
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'upload'}-${randomBytes(3).toString('hex')}`;
}

/**
 * Stores an uploaded original: its format is read from its bytes (JPEG, PNG, WebP or AVIF; the
 * name is not trusted), then it joins the media library, where renditions are made from it,
 * and the media list. Refused with a message at the `file` field otherwise.
 */
export async function uploadMedia(
  db: Db,
  actor: StaffActor,
  library: MediaLibraryAccess,
  upload: { fileName: string; body: Buffer },
  requestId?: string,
): Promise<MediaAssetRow> {
  if (upload.body.length === 0) throw new FieldErrors({ file: 'The file is empty.' });
  if (upload.body.length > MAX_UPLOAD_BYTES) throw new FieldErrors({ file: 'Upload files of 20 MB or less.' });
  const image = await library.inspect(upload.body);
  if (!image) throw new FieldErrors({ file: 'Upload a JPEG, PNG, WebP or AVIF image.' });
  const fileName = upload.fileName.slice(0, 255) || 'upload';
  const mediaId = mediaIdFor(fileName);
  const hash = createHash('sha256').update(upload.body).digest('hex').slice(0, 16);
  await library.addImage(library.alias, mediaId, { body: upload.body, hash, ...image });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mediaAssets)
      .values({
        mediaId,
        fileName,
        contentType: image.contentType,
        bytes: upload.body.length,
        width: image.width,
        height: image.height,
        staffId: actor.id,
        actor: actorLabel(actor),
      })
      .returning();
    await recordAudit(
      tx,
      actor,
      {
        action: 'media.upload',
        entityType: 'media',
        entityId: mediaId,
        after: {
          fileName,
          contentType: image.contentType,
          bytes: upload.body.length,
          width: image.width,
          height: image.height,
        },
      },
      requestId,
    );
    return row!;
  });
}

const like = (q: string) => `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Uploaded originals, newest first, searched by file name or id. */
export async function listMedia(db: Db, query: { q?: string; page: number; pageSize?: number }) {
  const pageSize = query.pageSize ?? MEDIA_PAGE_SIZE;
  const where = query.q
    ? or(ilike(mediaAssets.fileName, like(query.q)), ilike(mediaAssets.mediaId, like(query.q)))
    : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(mediaAssets)
      .where(where)
      .orderBy(desc(mediaAssets.createdAt), asc(mediaAssets.mediaId))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ total: count() }).from(mediaAssets).where(where),
  ]);
  return { rows, total, page: query.page, pageSize };
}

export async function getMedia(db: Db, id: string): Promise<MediaAssetRow> {
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.mediaId, id));
  if (!row) throw new DomainError('NOT_FOUND', `No uploaded image ${id}.`, 'NOT_FOUND');
  return row;
}

/**
 * Sets the focal point renditions crop around (fractions of width and height; null: the
 * centre). It is kept with the upload and in the library's manifest, which the media service
 * answers as the image's point of interest.
 */
export async function setFocalPoint(
  db: Db,
  actor: StaffActor,
  library: MediaLibraryAccess,
  id: string,
  point: { focalX: number | null; focalY: number | null },
  requestId?: string,
): Promise<MediaAssetRow> {
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(mediaAssets).where(eq(mediaAssets.mediaId, id)).for('update');
    if (!before) throw new DomainError('NOT_FOUND', `No uploaded image ${id}.`, 'NOT_FOUND');
    const [row] = await tx
      .update(mediaAssets)
      .set({ focalX: point.focalX, focalY: point.focalY, updatedAt: new Date() })
      .where(eq(mediaAssets.mediaId, id))
      .returning();
    await recordAudit(
      tx,
      actor,
      {
        action: 'media.focal-point',
        entityType: 'media',
        entityId: id,
        before: { focalX: before.focalX, focalY: before.focalY },
        after: point,
      },
      requestId,
    );
    return row!;
  });
  await library.setPointOfInterest(
    library.alias,
    id,
    point.focalX === null || point.focalY === null ? null : { x: point.focalX, y: point.focalY, w: 0, h: 0 },
  );
  return updated;
}
