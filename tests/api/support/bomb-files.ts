// The hostile uploads of tests/api/upload-bombs.test.ts, which checks how the server refuses
// them, and of the benchmark tests/bench/waits.ts, which times them: spreadsheets that unpack to
// hundreds of megabytes (200,000 rows of 100 cells; one 400 MB cell), with their zip directory
// honest or understating the sizes, rows, columns and cells past the import's limits, a picture of
// 20000 x 20000 pixels and a PDF of nearly 10 MB. Built streamed: nothing holds the hundreds of
// megabytes a bomb unpacks to.
import { once } from 'node:events';
import { createDeflateRaw, crc32, deflateSync } from 'node:zlib';

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
export function zip(parts: readonly Packed[], declare: (p: Packed) => number = (p) => p.size): Buffer {
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
export const inlineCells = (rowNumber: number, values: readonly string[]) =>
  values.map((v, i) => inline(v, ref(i + 1, rowNumber))).join('');
export const HEADINGS = ['Snow ID', 'Given name', 'Surname', 'Gender', 'Date of birth', 'Year level', 'Email'];
export const student = (i: number) => [
  '',
  `Given${i}`,
  `Student${i}`,
  i % 2 ? 'Male' : 'Female',
  '01/03/2011',
  '8',
  '',
];

/** The deflated parts of an .xlsx workbook of one sheet, whose rows come as XML text. */
export function xlsxParts(rows: Iterable<string>): Promise<Packed[]> {
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

export const xlsx = async (rows: Iterable<string>) => zip(await xlsxParts(rows));

export const row = (n: number, cells: string) => `<row r="${n}">${cells}</row>`;

/** Row pieces, `perChunk` rows joined at a time (a few hundred kilobytes of XML). */
function* rowsOf(count: number, cells: (n: number) => string, perChunk = 200): Generator<string> {
  for (let n = 1; n <= count; n += perChunk) {
    let chunk = '';
    for (let i = n; i < Math.min(n + perChunk, count + 1); i++) chunk += row(i, cells(i));
    yield chunk;
  }
}

/** A heading row of the template's columns, then `count` students, each with `extra` more cells. */
export const studentRows = (count: number, extra = 0) =>
  rowsOf(count + 1, (n) => {
    const cells = inlineCells(n, n === 1 ? HEADINGS : student(n));
    return (
      cells +
      Array.from({ length: extra }, (_, i) => `<c r="${ref(HEADINGS.length + i + 1, n)}"><v>${n}</v></c>`).join('')
    );
  });

/** 200,000 rows of 100 number cells. */
export const wideRows = () => rowsOf(200_000, (n) => `<c><v>${n}</v></c>`.repeat(100), 100);

/** A heading row, then one student whose given name is a 400 MB cell, streamed 1 MB at a time. */
export function* hugeCell(): Generator<string> {
  yield row(1, inlineCells(1, HEADINGS));
  yield '<row r="2"><c r="B2" t="inlineStr"><is><t>';
  const megabyte = 'a'.repeat(1024 * 1024);
  for (let i = 0; i < 400; i++) yield megabyte;
  yield '</t></is></c></row>';
}

/** The directory of a bomb that understates the sheet's size. */
export const understated = (p: Packed) => (p.name.includes('sheet1') ? 1024 : p.size);

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
export function pngBomb(side = 20_000): Buffer {
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

/** A PDF of nearly 10 MB (the largest a results file may be) that is spaces inside. */
export const bigPdf = () =>
  Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 - 64, 0x20), Buffer.from('\n%%EOF\n')]);
