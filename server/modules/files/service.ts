// Uploaded files: a race result's published PDF and trophy images (docs/decisions.md 'Race day').
// What a file is, is read from its bytes, never from the declared content type: a PDF starts with
// '%PDF-'; PNG, JPEG and WebP by their magic numbers. Files are kept under the server's data dir
// (config.dataDir/files) by a random id, and answered back with the type their bytes show.
// Neither can stall the server or take its memory (server/README.md 'Uploads'): a PDF is kept
// as it is, never parsed; a picture's size in pixels is read from its header before it is decoded
// (a 50 KB PNG can decode to 400 million pixels), resizing runs on sharp's threads, off the event
// loop, at most two at a time and within a time limit.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { TROPHY_IMAGE_WIDTH } from '../../../src/domain/schemas';
import { ERROR_CODES } from '../../../src/domain/errors';
import { HttpError } from '../../http-errors';
import { createAdmission } from '../../plugins/admission';

export type FileKind = 'pdf' | 'png' | 'jpeg' | 'webp';

const CONTENT_TYPES: Readonly<Record<FileKind, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

export const FILE_MESSAGES = {
  notPdf:
    "A result file must be a PDF (the file does not start with %PDF-). Upload the PDF itself, or type the result's web address instead.",
  notImage:
    'A trophy image must be a PNG, JPEG or WebP picture. Save the picture in one of these formats and upload it again.',
  badImage: 'That picture could not be read: the file is damaged or not a complete PNG, JPEG or WebP image.',
  empty: 'The file is empty. Choose the file again.',
  tooManyPixels:
    'That picture is too large: at most 64 megapixels (for example 8,000 x 8,000). Save a smaller copy and upload it again.',
  tooSlow: 'That picture took too long to shrink. Save a smaller copy and upload it again.',
  busy: 'Other pictures are being shrunk just now: try again in a minute.',
} as const;

/** The most pixels a trophy picture may have (8,000 x 8,000; measured: shrunk in 0.1 s and 50 MB). */
const MAX_IMAGE_PIXELS = 64_000_000;
const RESIZE_TIME_LIMIT_S = 10;
/** Pictures shrunk at once: each keeps one of libuv's four threads busy meanwhile. */
const resizers = createAdmission({ maxConcurrent: 2, maxQueueMs: 2_000 });

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The kind of file these bytes are, by their first bytes; null for anything else. */
export function sniffFile(bytes: Uint8Array): FileKind | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 5 && b.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_MAGIC)) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

const unsupported = (message: string) => new HttpError(415, ERROR_CODES.VALIDATION, message);
const tooLarge = (message: string) => new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, message);

/** A fresh file id: 24 url-safe characters (144 random bits). */
export const newFileId = () => randomBytes(18).toString('base64url');
const FILE_ID = /^[A-Za-z0-9_-]{16,64}$/;

export const filesDir = (dataDir: string) => path.join(dataDir, 'files');

async function store(dataDir: string, bytes: Buffer): Promise<{ url: string }> {
  const dir = filesDir(dataDir);
  await mkdir(dir, { recursive: true });
  const id = newFileId();
  await writeFile(path.join(dir, id), bytes, { flag: 'wx' });
  return { url: `/api/files/${id}` };
}

/** Keeps a result PDF; anything whose bytes are not a PDF is refused (415). */
export async function storeResultFile(dataDir: string, body: unknown): Promise<{ url: string }> {
  if (!Buffer.isBuffer(body)) throw unsupported(FILE_MESSAGES.notPdf);
  if (body.length === 0) throw unsupported(FILE_MESSAGES.empty);
  if (sniffFile(body) !== 'pdf') throw unsupported(FILE_MESSAGES.notPdf);
  return store(dataDir, body);
}

/** A picture's width and height from its header, without decoding it (so without a pixel limit). */
async function dimensions(bytes: Buffer): Promise<{ width: number; height: number }> {
  try {
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (width && height) return { width, height };
  } catch {
    // Not a picture sharp can read: refused below.
  }
  throw unsupported(FILE_MESSAGES.badImage);
}

const isTimeout = (err: unknown) => err instanceof Error && /timeout/i.test(err.message);

/** Shrinks an image to at most TROPHY_IMAGE_WIDTH wide (never enlarges), in its own format, turned
 *  upright by its EXIF orientation (which, with other metadata, is not kept). Refused (413) past
 *  MAX_IMAGE_PIXELS, read from the header first. */
async function resizeTrophyImage(bytes: Buffer, kind: Exclude<FileKind, 'pdf'>): Promise<Buffer> {
  const { width, height } = await dimensions(bytes);
  if (width * height > MAX_IMAGE_PIXELS) throw tooLarge(FILE_MESSAGES.tooManyPixels);
  if (!(await resizers.enter())) throw new HttpError(503, ERROR_CODES.OVERLOADED, FILE_MESSAGES.busy);
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: TROPHY_IMAGE_WIDTH, withoutEnlargement: true })
      .timeout({ seconds: RESIZE_TIME_LIMIT_S });
    if (kind === 'png') return await image.png().toBuffer();
    if (kind === 'webp') return await image.webp().toBuffer();
    return await image.jpeg({ quality: 85 }).toBuffer();
  } catch (err) {
    if (isTimeout(err)) throw tooLarge(FILE_MESSAGES.tooSlow);
    throw unsupported(FILE_MESSAGES.badImage);
  } finally {
    resizers.leave();
  }
}

/** Keeps a trophy image, resized for the list; anything but PNG, JPEG or WebP is refused (415). */
export async function storeTrophyImage(dataDir: string, body: unknown): Promise<{ url: string }> {
  if (!Buffer.isBuffer(body)) throw unsupported(FILE_MESSAGES.notImage);
  if (body.length === 0) throw unsupported(FILE_MESSAGES.empty);
  const kind = sniffFile(body);
  if (!kind || kind === 'pdf') throw unsupported(FILE_MESSAGES.notImage);
  return store(dataDir, await resizeTrophyImage(body, kind));
}

/** The ids of the stored files these addresses name ('/api/files/<id>', relative or absolute). */
export function fileIdsIn(addresses: readonly string[]): Set<string> {
  const ids = new Set<string>();
  for (const text of addresses) for (const m of text.matchAll(/\/api\/files\/([A-Za-z0-9_-]{16,64})/g)) ids.add(m[1]!);
  return ids;
}

/**
 * Deletes stored files that nothing links to any more and that were uploaded before `olderThan`.
 * The wait matters: a file is uploaded from a dialog before the result or trophy naming it is
 * saved, and that save may sit in a device's outbox for days. Answers how many were deleted.
 */
export async function purgeUnusedFiles(dataDir: string, linked: ReadonlySet<string>, olderThan: Date): Promise<number> {
  const dir = filesDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let deleted = 0;
  for (const name of names) {
    if (!FILE_ID.test(name) || linked.has(name)) continue;
    const file = path.join(dir, name);
    // Instances sharing one DATA_DIR (docs/deploy.md) purge it at the same hour: a file another
    // one deleted since the listing is gone already, not a failure that stops the rest.
    try {
      if ((await stat(file)).mtime >= olderThan) continue;
      await unlink(file);
      deleted += 1;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return deleted;
}

/** A stored file and its type, or null when there is none by that id. */
export async function readStoredFile(
  dataDir: string,
  id: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (!FILE_ID.test(id)) return null;
  let bytes: Buffer;
  try {
    bytes = await readFile(path.join(filesDir(dataDir), id));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const kind = sniffFile(bytes);
  return { bytes, contentType: kind ? CONTENT_TYPES[kind] : 'application/octet-stream' };
}
