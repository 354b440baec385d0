import { MAX_PICTURE_CHARS } from '#src/lib/profilePicture.ts';

/** Longest side of a stored profile picture: small enough for the shop's 100 KB and localStorage's quota. */
const AVATAR_SIZE = 256;
/** Larger files are refused before decoding, so a huge upload cannot exhaust memory. */
export const MAX_AVATAR_BYTES = 40 * 1024 * 1024;

export type AvatarResult =
  { ok: true; dataUrl: string } | { ok: false; reason: 'not-image' | 'too-large' | 'unreadable' };

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  release: () => void;
}

/** Decodes off the main thread where the browser can; SVG and a few others only via an <img>. */
async function decode(file: Blob): Promise<Decoded> {
  try {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  } catch {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.src = url;
    try {
      await image.decode();
    } catch (error) {
      URL.revokeObjectURL(url);
      throw error;
    }
    return {
      source: image,
      width: image.naturalWidth || AVATAR_SIZE,
      height: image.naturalHeight || AVATAR_SIZE,
      release: () => URL.revokeObjectURL(url),
    };
  }
}

/** Qualities tried in turn until the picture fits the shop's limit. */
const QUALITIES = [0.86, 0.7, 0.5];

/**
 * Any picture the browser can read, scaled down to fit AVATAR_SIZE and encoded as a small data
 * URL (WebP where the browser writes it, else PNG) of at most 100 KB. Never scales up.
 */
export async function scaleAvatar(file: File): Promise<AvatarResult> {
  if (file.type && !file.type.startsWith('image/')) return { ok: false, reason: 'not-image' };
  if (file.size > MAX_AVATAR_BYTES) return { ok: false, reason: 'too-large' };
  let decoded: Decoded;
  try {
    decoded = await decode(file);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  try {
    const scale = Math.min(1, AVATAR_SIZE / Math.max(decoded.width, decoded.height));
    const width = Math.max(1, Math.round(decoded.width * scale));
    const height = Math.max(1, Math.round(decoded.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return { ok: false, reason: 'unreadable' };
    context.imageSmoothingQuality = 'high';
    // A bitmap is resized off the main thread too; drawing a huge one would block it.
    const source =
      decoded.source instanceof ImageBitmap
        ? await createImageBitmap(decoded.source, {
            resizeWidth: width,
            resizeHeight: height,
            resizeQuality: 'high',
          })
        : decoded.source;
    context.drawImage(source, 0, 0, width, height);
    if (source !== decoded.source && source instanceof ImageBitmap) source.close();
    for (const quality of QUALITIES) {
      const dataUrl = canvas.toDataURL('image/webp', quality);
      if (dataUrl.length <= MAX_PICTURE_CHARS) return { ok: true, dataUrl };
    }
    return { ok: false, reason: 'too-large' };
  } finally {
    decoded.release();
  }
}
