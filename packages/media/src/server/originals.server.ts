import sharp from 'sharp';

/** The originals the back office accepts, by the format sharp reads from their bytes. */
export const UPLOAD_FORMATS = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heif: 'image/avif' } as const;

export interface InspectedImage {
  /** The file extension the original is stored with. */
  extension: 'jpg' | 'png' | 'webp' | 'avif';
  contentType: string;
  width: number;
  height: number;
  alpha: boolean;
}

const EXTENSION: Record<keyof typeof UPLOAD_FORMATS, InspectedImage['extension']> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  heif: 'avif',
};

/**
 * What an uploaded file really is, read from its bytes (never its name): a JPEG, PNG, WebP or
 * AVIF image sharp can decode, with its size; null for anything else (text, SVG, GIF, HEIC
 * photos, a truncated file).
 */
export async function inspectImage(body: Buffer): Promise<InspectedImage | null> {
  try {
    const metadata = await sharp(body, { failOn: 'error' }).metadata();
    const format = metadata.format as string;
    if (!Object.hasOwn(UPLOAD_FORMATS, format)) return null;
    // HEIF containers hold AVIF and HEIC; only AV1-compressed ones are AVIF.
    if (format === 'heif' && metadata.compression !== 'av1') return null;
    if (!metadata.width || !metadata.height) return null;
    const key = format as keyof typeof UPLOAD_FORMATS;
    return {
      extension: EXTENSION[key],
      contentType: UPLOAD_FORMATS[key],
      width: metadata.autoOrient?.width ?? metadata.width,
      height: metadata.autoOrient?.height ?? metadata.height,
      alpha: metadata.hasAlpha === true,
    };
  } catch {
    return null;
  }
}
