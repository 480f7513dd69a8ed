// The parts of an .xlsx file (a zip archive), read from its central directory: each part's name
// and sizes are known before anything is unpacked, so a file that would unpack to too much, or
// has too many parts, is refused at once. A part is unpacked only up to the size the directory
// gives it: a directory that understates a part (a zip bomb) is caught at that size, not after
// inflating gigabytes. Zip64 records are read; encrypted parts and other methods are unreadable.
import { inflateRawSync } from 'node:zlib';
import { MAX_XLSX_PARTS, MAX_XLSX_UNPACKED_BYTES, tooMuch, unreadable } from './refusals';

export type ZipPart = { name: string; method: number; flags: number; packedSize: number; size: number; localOffset: number };

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED = 0x1;
const MAX_COMMENT = 0xffff;
/** A 16- or 32-bit field at its highest value says 'look in the zip64 record'. */
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

function u64(zip: Buffer, at: number): number {
  const value = zip.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw tooMuch();
  return Number(value);
}

function inBounds(zip: Buffer, at: number, length: number): void {
  if (at < 0 || length < 0 || at + length > zip.length) throw unreadable();
}

function findEndOfDirectory(zip: Buffer): number {
  const last = zip.length - 22;
  for (let at = last; at >= Math.max(0, last - MAX_COMMENT); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw unreadable();
}

/** Where the central directory is and how many entries it has. */
function directoryBounds(zip: Buffer): { count: number; offset: number; size: number } {
  const end = findEndOfDirectory(zip);
  let count = zip.readUInt16LE(end + 10);
  let size = zip.readUInt32LE(end + 12);
  let offset = zip.readUInt32LE(end + 16);
  if (count === U16_MAX || size === U32_MAX || offset === U32_MAX) {
    const locator = end - 20;
    inBounds(zip, locator, 20);
    if (zip.readUInt32LE(locator) !== ZIP64_LOCATOR) throw unreadable();
    const record = u64(zip, locator + 8);
    inBounds(zip, record, 56);
    if (zip.readUInt32LE(record) !== ZIP64_END_OF_DIRECTORY) throw unreadable();
    count = u64(zip, record + 32);
    size = u64(zip, record + 40);
    offset = u64(zip, record + 48);
  }
  inBounds(zip, offset, size);
  return { count, offset, size };
}

/** Sizes and offset an entry keeps in its zip64 extra field (only those its own fields max out). */
function readZip64Extra(zip: Buffer, from: number, to: number, part: ZipPart): void {
  for (let at = from; at + 4 <= to;) {
    const id = zip.readUInt16LE(at);
    const length = zip.readUInt16LE(at + 2);
    let field = at + 4;
    if (id === ZIP64_EXTRA) {
      const next = () => {
        inBounds(zip, field, 8);
        const value = u64(zip, field);
        field += 8;
        return value;
      };
      if (part.size === U32_MAX) part.size = next();
      if (part.packedSize === U32_MAX) part.packedSize = next();
      if (part.localOffset === U32_MAX) part.localOffset = next();
      return;
    }
    at = field + length;
  }
}

/**
 * Every part of the archive, refused (413) when there are more than MAX_XLSX_PARTS or they unpack
 * to more than MAX_XLSX_UNPACKED_BYTES together, as the directory declares them.
 */
export function readZipParts(zip: Buffer): ZipPart[] {
  if (zip.length < 22) throw unreadable();
  const { count, offset, size } = directoryBounds(zip);
  if (count > MAX_XLSX_PARTS) throw tooMuch();
  const parts: ZipPart[] = [];
  let unpacked = 0;
  let at = offset;
  const end = offset + size;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw unreadable();
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > end) throw unreadable();
    const part: ZipPart = {
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      packedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    };
    readZip64Extra(zip, at + 46 + nameLength, at + 46 + nameLength + extraLength, part);
    unpacked += part.size;
    if (unpacked > MAX_XLSX_UNPACKED_BYTES) throw tooMuch();
    parts.push(part);
    at = next;
  }
  return parts;
}

/** A part's bytes, unpacked, never more than the directory says it holds. */
export function unpackPart(zip: Buffer, part: ZipPart): Buffer {
  if (part.flags & ENCRYPTED) throw unreadable();
  inBounds(zip, part.localOffset, 30);
  if (zip.readUInt32LE(part.localOffset) !== LOCAL_HEADER) throw unreadable();
  const start = part.localOffset + 30 + zip.readUInt16LE(part.localOffset + 26) + zip.readUInt16LE(part.localOffset + 28);
  inBounds(zip, start, part.packedSize);
  const packed = zip.subarray(start, start + part.packedSize);
  let bytes: Buffer;
  if (part.method === STORED) bytes = packed;
  else if (part.method === DEFLATED) {
    try {
      bytes = inflateRawSync(packed, { maxOutputLength: Math.max(1, part.size) });
    } catch {
      // Damaged, or it unpacks to more than its directory entry says.
      throw unreadable();
    }
  } else throw unreadable();
  if (bytes.length !== part.size) throw unreadable();
  return bytes;
}
