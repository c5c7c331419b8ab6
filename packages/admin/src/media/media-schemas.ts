import { z } from 'zod';

/** The media area's request and answer shapes (`/admin/api/media`), shared by the API and the admin app. */

/** Uploads larger than this are refused (originals; renditions are made from them). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Media ids as the media service names originals. */
export const mediaId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/, 'A media id is letters, digits, ., - and _.');

export const mediaListQuery = z.object({
  q: z.string().trim().max(200, 'Search with at most 200 characters.').optional(),
  page: z.coerce.number().int('Pages are whole numbers.').min(1, 'Pages start at 1.').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1, 'Show at least 1 image.').max(100, 'Show at most 100 images.').default(48),
});

const fraction = (axis: string) =>
  z
    .number({ error: `The focal point's ${axis} is a number from 0 to 1.` })
    .min(0, `The focal point's ${axis} is a number from 0 to 1.`)
    .max(1, `The focal point's ${axis} is a number from 0 to 1.`);

/** The focal point as fractions of the width and height; both null puts it back in the centre. */
export const focalPointBody = z
  .object({ focalX: fraction('x').nullable(), focalY: fraction('y').nullable() })
  .refine((point) => (point.focalX === null) === (point.focalY === null), {
    error: 'Set both coordinates of the focal point, or neither.',
    path: ['focalY'],
  });

export const rendition = z.object({ label: z.string(), width: z.number(), height: z.number(), url: z.string() });

export const mediaAssetView = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.number(),
  width: z.number(),
  height: z.number(),
  focalX: z.number().nullable(),
  focalY: z.number().nullable(),
  actor: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The original at a thumbnail size, for lists. */
  thumbnailUrl: z.string(),
  /** The whole original at most 1200 px wide, for the focal point editor. */
  imageUrl: z.string(),
});
export type MediaAssetView = z.infer<typeof mediaAssetView>;

export const mediaAssetDetail = mediaAssetView.extend({ renditions: z.array(rendition) });
export type MediaAssetDetail = z.infer<typeof mediaAssetDetail>;

export const mediaList = z.object({
  items: z.array(mediaAssetView),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type MediaList = z.infer<typeof mediaList>;
