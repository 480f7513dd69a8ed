// Uploads built to hurt the server (an outside attack test's findings): spreadsheets that unpack to
// hundreds of megabytes (200,000 rows of 100 cells; one 400 MB cell), with their zip directory
// honest or understating the sizes, rows, columns and cells past the import's limits, and a
// picture of 20000 x 20000 pixels. Each is refused with a 4xx and a short message naming the limit
// within a few seconds, the server keeps answering other requests meanwhile, and its memory
// (rss) barely moves. The largest spreadsheet within the limits is still read.
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDeflateRaw, crc32, deflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES as PICTURE_MESSAGES } from '../../server/modules/files/service';
import { FILE_MESSAGES } from '../../server/modules/spreadsheet-import/read-file';
import { MAX_IMPORT_CELL_LENGTH, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '../../src/domain/constants/limits';
import type { Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let dataDir: string;
let school: Agent;
let admin: Agent;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'upload-bombs-'));
  t = await startTestApp({ env: { DATA_DIR: dataDir } });
  ({ school, admin } = await schoolInEvent(t));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

// ---- Building the files, streamed: no test holds the hundreds of megabytes a bomb unpacks to ----

type Part = { name: string; text: Iterable<string> };
type Packed = { name: string; packed: Buffer; size: number; crc: number };

async function deflatePart({ name, text }: Part): Promise<Packed> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  let size = 0;
  let crc = 0;
  for (const chunk of text) {
    const bytes = Buffer.from(chunk);
    size += bytes.length;
    crc = crc32(bytes, crc);
    if (!deflate.write(bytes)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return { name, packed: Buffer.concat(out), size, crc };
}

/** A zip of deflated parts; `declare` may make its headers state other unpacked sizes. */
function zip(parts: readonly Packed[], declare: (p: Packed) => number = (p) => p.size): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt16LE(0x21, 12);
    header.writeUInt32LE(part.crc, 14);
    header.writeUInt32LE(part.packed.length, 18);
    header.writeUInt32LE(declare(part), 22);
    header.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(part.crc, 16);
    entry.writeUInt32LE(part.packed.length, 20);
    entry.writeUInt32LE(declare(part), 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    local.push(header, name, part.packed);
    central.push(entry, name);
    offset += header.length + name.length + part.packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** A cell's reference, such as 'B7' (exceljs, like Excel, needs it on every cell it reads). */
const ref = (column: number, rowNumber: number): string => {
  let letters = '';
  for (let c = column; c > 0; c = Math.floor((c - 1) / 26))
    letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters;
  return `${letters}${rowNumber}`;
};
const inline = (s: string, at: string) => `<c r="${at}" t="inlineStr"><is><t>${escapeXml(s)}</t></is></c>`;
/** A row's cells of text, from column A on. */
const inlineCells = (rowNumber: number, values: readonly string[]) =>
  values.map((v, i) => inline(v, ref(i + 1, rowNumber))).join('');
const HEADINGS = ['Snow ID', 'Given name', 'Surname', 'Gender', 'Date of birth', 'Year level', 'Email'];
const student = (i: number) => ['', `Given${i}`, `Student${i}`, i % 2 ? 'Male' : 'Female', '01/03/2011', '8', ''];

/** The deflated parts of an .xlsx workbook of one sheet, whose rows come as XML text. */
function xlsxParts(rows: Iterable<string>): Promise<Packed[]> {
  return Promise.all(
    [
      {
        name: '[Content_Types].xml',
        text: [
          `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
        ],
      },
      {
        name: '_rels/.rels',
        text: [
          `${xml}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
        ],
      },
      {
        name: 'xl/workbook.xml',
        text: [
          `${xml}<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="Students" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ],
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        text: [
          `${xml}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
        ],
      },
      {
        name: 'xl/worksheets/sheet1.xml',
        text: (function* () {
          yield `${xml}<worksheet xmlns="${MAIN}"><sheetData>`;
          yield* rows;
          yield '</sheetData></worksheet>';
        })(),
      },
    ].map(deflatePart),
  );
}

const xlsx = async (rows: Iterable<string>) => zip(await xlsxParts(rows));

const row = (n: number, cells: string) => `<row r="${n}">${cells}</row>`;

/** Row pieces, `perChunk` rows joined at a time (a few hundred kilobytes of XML). */
function* rowsOf(count: number, cells: (n: number) => string, perChunk = 200): Generator<string> {
  for (let n = 1; n <= count; n += perChunk) {
    let chunk = '';
    for (let i = n; i < Math.min(n + perChunk, count + 1); i++) chunk += row(i, cells(i));
    yield chunk;
  }
}

/** A heading row of the template's columns, then `count` students, each with `extra` more cells. */
const studentRows = (count: number, extra = 0) =>
  rowsOf(count + 1, (n) => {
    const cells = inlineCells(n, n === 1 ? HEADINGS : student(n));
    return (
      cells +
      Array.from({ length: extra }, (_, i) => `<c r="${ref(HEADINGS.length + i + 1, n)}"><v>${n}</v></c>`).join('')
    );
  });

/** 200,000 rows of 100 number cells. */
const wideRows = () => rowsOf(200_000, (n) => `<c><v>${n}</v></c>`.repeat(100), 100);

/** A heading row, then one student whose given name is a 400 MB cell, streamed 1 MB at a time. */
function* hugeCell(): Generator<string> {
  yield row(1, inlineCells(1, HEADINGS));
  yield '<row r="2"><c r="B2" t="inlineStr"><is><t>';
  const megabyte = 'a'.repeat(1024 * 1024);
  for (let i = 0; i < 400; i++) yield megabyte;
  yield '</t></is></c></row>';
}

/** The directory of a bomb that understates the sheet's size. */
const understated = (p: Packed) => (p.name.includes('sheet1') ? 1024 : p.size);

// ---- Measuring ---------------------------------------------------------------------------------

type Measured = {
  res: LightMyRequestResponse;
  ms: number;
  otherMs: number;
  answeredMeanwhile: boolean;
  rssGrowthMb: number;
};

/**
 * Sends an upload and, while it is being read, another request that needs the server (the list of
 * states); answers both with their times and how much the server's memory grew meanwhile.
 */
async function measure(send: () => Promise<LightMyRequestResponse>): Promise<Measured> {
  const rss = process.memoryUsage().rss;
  let peak = rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  let uploaded = false;
  const upload = send().then((res) => {
    uploaded = true;
    return { res, ms: performance.now() - started };
  });
  // Once the upload is under way.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const otherStarted = performance.now();
  const other = await school.request({ method: 'GET', url: '/api/states' });
  const otherMs = performance.now() - otherStarted;
  const answeredMeanwhile = !uploaded;
  expect(other.statusCode).toBe(200);
  const { res, ms } = await upload;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { res, ms, otherMs, answeredMeanwhile, rssGrowthMb: Math.round((peak - rss) / 1024 / 1024) };
}

const report = (what: string, m: Measured, fileBytes: number) =>
  console.info(
    `${what} (${(fileBytes / 1024).toFixed(0)} KB): ${m.res.statusCode} in ${m.ms.toFixed(0)} ms; ` +
      `another request ${m.answeredMeanwhile ? 'meanwhile' : 'after it'} ${m.otherMs.toFixed(0)} ms; rss +${m.rssGrowthMb} MB`,
  );

const importFile = (body: Buffer) => () =>
  school.request({
    method: 'POST',
    url: '/api/xls-import',
    headers: { 'content-type': 'application/octet-stream' },
    payload: body,
  });

/** A refusal a user can read: the limit's message, short, never the file's content. */
function expectRefused(m: Measured, status: number, message: string) {
  expect(m.res.statusCode, m.res.body.slice(0, 300)).toBe(status);
  expect(m.res.json().message).toBe(message);
  expect(m.res.body.length).toBeLessThan(400);
  expect(m.ms).toBeLessThan(5_000);
  expect(m.otherMs).toBeLessThan(1_000);
  expect(m.rssGrowthMb).toBeLessThan(300);
}

describe('spreadsheet bombs', () => {
  it('refuses 200,000 rows of 100 cells, and one 400 MB cell, before reading them, and from their size when the directory understates it', async () => {
    const wide = await xlsxParts(wideRows());
    const huge = await xlsxParts(hugeCell());
    for (const [what, file] of [
      ['200,000 rows x 100 cells', zip(wide)],
      ['one 400 MB cell', zip(huge)],
    ] as const) {
      expect(file.length).toBeLessThan(5 * 1024 * 1024);
      const m = await measure(importFile(file));
      report(what, m, file.length);
      expectRefused(m, 413, FILE_MESSAGES.tooMuch);
    }
    // These reach the reading worker, so the other request is answered while it reads.
    for (const [what, file] of [
      ['200,000 rows x 100 cells, sizes understated', zip(wide, understated)],
      ['one 400 MB cell, sizes understated', zip(huge, understated)],
    ] as const) {
      const m = await measure(importFile(file));
      report(what, m, file.length);
      expectRefused(m, 400, FILE_MESSAGES.unreadable);
      expect(m.answeredMeanwhile).toBe(true);
    }
  });

  it('stops reading at the 5,001st row, the 101st column or a cell over 1,000 characters, naming the limit', async () => {
    const rows = await xlsx(studentRows(MAX_IMPORT_ROWS + 1));
    let m = await measure(importFile(rows));
    report(`${MAX_IMPORT_ROWS + 1} students`, m, rows.length);
    expectRefused(m, 413, FILE_MESSAGES.tooManyRows);
    expect(m.answeredMeanwhile).toBe(true);

    const wide = await xlsx(studentRows(3, MAX_IMPORT_COLUMNS - HEADINGS.length + 1));
    expectRefused(await measure(importFile(wide)), 413, FILE_MESSAGES.tooManyColumns);

    const long = 'x'.repeat(MAX_IMPORT_CELL_LENGTH + 1);
    const longCell = await xlsx([
      row(1, inlineCells(1, HEADINGS)),
      row(2, inlineCells(2, ['Ann'])),
      row(3, inlineCells(3, student(3).with(2, long))),
    ]);
    m = await measure(importFile(longCell));
    expectRefused(m, 400, FILE_MESSAGES.cellTooLong(3));
    expect(m.res.body).not.toContain('xxxxxxxxxx');
  });

  it('refuses a CSV cell over 1,000 characters without repeating it, and reads one at the limit (its problem repeats it)', async () => {
    const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\r\n'));
    const over = csv([HEADINGS, student(2), student(3).with(3, 'x'.repeat(2001))]);
    const m = await measure(importFile(over));
    expectRefused(m, 400, FILE_MESSAGES.cellTooLong(3));
    expect(m.res.body).not.toContain('xxxxxxxxxx');

    const atLimit = await importFile(csv([HEADINGS, student(2).with(3, 'y'.repeat(MAX_IMPORT_CELL_LENGTH))]))();
    expect(atLimit.statusCode, atLimit.body.slice(0, 300)).toBe(200);
    expect((atLimit.json() as { rows: { problems: string[] }[] }).rows[0]!.problems[0]).toMatch(
      /^Gender 'y+' must be Male or Female$/,
    );

    const tooMany = await importFile(
      csv([HEADINGS, ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => student(i + 2))]),
    )();
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe(FILE_MESSAGES.tooManyRows);
    const tooWide = await importFile(
      csv([
        [...HEADINGS, ...Array.from({ length: MAX_IMPORT_COLUMNS - HEADINGS.length + 1 }, (_, i) => `Extra ${i}`)],
        student(2),
      ]),
    )();
    expect(tooWide.statusCode).toBe(413);
    expect(tooWide.json().message).toBe(FILE_MESSAGES.tooManyColumns);
  });

  it('reads the largest file within the limits (5,000 students, 100 columns) while the server keeps answering', async () => {
    const file = await xlsx(studentRows(MAX_IMPORT_ROWS, MAX_IMPORT_COLUMNS - HEADINGS.length));
    const m = await measure(importFile(file));
    report(`${MAX_IMPORT_ROWS} students x ${MAX_IMPORT_COLUMNS} columns`, m, file.length);
    expect(m.res.statusCode, m.res.body.slice(0, 300)).toBe(200);
    expect(m.res.json()).toMatchObject({ total: MAX_IMPORT_ROWS, valid: MAX_IMPORT_ROWS });
    expect(m.answeredMeanwhile).toBe(true);
    expect(m.otherMs).toBeLessThan(1_000);
  });
});

// ---- Pictures and PDFs -------------------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A black-and-white PNG of 20000 x 20000 pixels: 50 KB that decode to 400 million pixels. */
function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const uploadFile = (kind: 'results' | 'trophies', body: Buffer, type: string) => () =>
  admin.request({ method: 'POST', url: `/api/files/${kind}`, headers: { 'content-type': type }, payload: body });

describe('picture and PDF bombs', () => {
  it('refuses a picture of 20000 x 20000 pixels from its header, saying how large a picture may be', async () => {
    const bomb = pngBomb();
    const m = await measure(uploadFile('trophies', bomb, 'image/png'));
    report('PNG of 20000 x 20000 pixels', m, bomb.length);
    expectRefused(m, 413, PICTURE_MESSAGES.tooManyPixels);
  });

  it('keeps a PDF of nearly 10 MB without reading into it, while the server keeps answering', async () => {
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(10 * 1024 * 1024 - 64, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);
    const m = await measure(uploadFile('results', pdf, 'application/pdf'));
    report('PDF of 10 MB', m, pdf.length);
    expect(m.res.statusCode, m.res.body).toBe(200);
    expect(m.ms).toBeLessThan(5_000);
    expect(m.otherMs).toBeLessThan(1_000);
  });
});
