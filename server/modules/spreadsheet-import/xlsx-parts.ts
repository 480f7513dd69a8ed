// The parts of an .xlsx file (a zip archive), through yauzl. Its central directory gives each
// part's unpacked size before anything is unpacked, so a file that would unpack to too much, or
// has too many parts, is refused at once; and yauzl stops unpacking a part the moment it passes
// the size its directory entry declares (validateEntrySizes), so a directory that understates a
// part (a zip bomb) is caught at that size, not after inflating gigabytes. Whatever yauzl refuses
// (damaged, encrypted, another compression method, unsafe names) is unreadable.
import type { Readable } from 'node:stream';
import { fromBufferPromise, type Entry, type ZipFile } from 'yauzl';
import { MAX_XLSX_PARTS, MAX_XLSX_UNPACKED_BYTES, SpreadsheetRefusal, tooMuch, unreadable } from './refusals';

export type XlsxParts = {
  /** A part's text as it unpacks (name as the package gives it); null when there is no such part. */
  open(name: string): Promise<Readable | null>;
  close(): void;
};

// Part names are case-insensitive in a package, and some writers start them with '/'.
const partKey = (name: string) => name.replace(/^\//, '').toLowerCase();

async function readDirectory(zip: ZipFile): Promise<Map<string, Entry>> {
  if (zip.entryCount > MAX_XLSX_PARTS) throw tooMuch();
  const entries = new Map<string, Entry>();
  let unpacked = 0;
  for await (const entry of zip.eachEntry()) {
    unpacked += entry.uncompressedSize;
    if (unpacked > MAX_XLSX_UNPACKED_BYTES) throw tooMuch();
    const key = partKey(entry.fileName);
    if (!entries.has(key)) entries.set(key, entry);
  }
  return entries;
}

/**
 * The archive's parts, refused (413) when there are more than MAX_XLSX_PARTS or they unpack to
 * more than MAX_XLSX_UNPACKED_BYTES together, as the directory declares them.
 */
export async function openXlsxParts(bytes: Buffer): Promise<XlsxParts> {
  let zip: ZipFile;
  let entries: Map<string, Entry>;
  try {
    zip = await fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw unreadable();
  }
  try {
    entries = await readDirectory(zip);
  } catch (err) {
    zip.close();
    throw err instanceof SpreadsheetRefusal ? err : unreadable();
  }
  return {
    async open(name) {
      const entry = entries.get(partKey(name));
      if (!entry) return null;
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch {
        throw unreadable();
      }
      // Its reader listens for errors while it reads; one coming after the reader stopped (a
      // refused row, say) must not end the thread without an answer.
      stream.on('error', () => {});
      // Text, decoded across the pieces the part unpacks in: exceljs decodes each piece of bytes on
      // its own, which spoils a letter (ễ, 김) whose bytes two pieces split.
      return stream.setEncoding('utf8');
    },
    close: () => zip.close(),
  };
}

/** The checks before reading: the directory's part count and unpacked size (see openXlsxParts). */
export async function checkXlsxDirectory(bytes: Buffer): Promise<void> {
  (await openXlsxParts(bytes)).close();
}
