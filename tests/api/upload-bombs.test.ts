// Uploads built to hurt the server (an outside attack test's findings): spreadsheets that unpack to
// hundreds of megabytes (200,000 rows of 100 cells; one 400 MB cell), with their zip directory
// honest or understating the sizes, rows, columns and cells past the import's limits, and a
// picture of 20000 x 20000 pixels (the files: tests/api/support/bomb-files.ts). Each is refused with a
// 4xx and a short message naming the limit (a bomb whose directory is honest before any reading
// starts), the server answers other requests while the reader works, and its memory (rss) barely
// moves. The largest spreadsheet within the limits is still read. How long each takes, and how
// long the other request waits, are figures of `npm run bench` (tests/bench/waits.ts).
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES as PICTURE_MESSAGES } from '../../server/modules/files/service';
import { FILE_MESSAGES } from '../../server/modules/spreadsheet-import/read-file';
import { READING_CHANNEL } from '../../server/modules/spreadsheet-import/read-in-worker';
import { MAX_IMPORT_CELL_LENGTH, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '../../src/domain/constants/limits';
import {
  bigPdf,
  HEADINGS,
  hugeCell,
  inlineCells,
  pngBomb,
  row,
  student,
  studentRows,
  understated,
  wideRows,
  xlsx,
  xlsxParts,
  zip,
} from './support/bomb-files';
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

// ---- Measuring ---------------------------------------------------------------------------------

/** Fastify publishes here as a route's handler is entered (its diagnostics channel). */
const HANDLER_ENTERED = 'tracing:fastify.request.handler:start';

type Measured = {
  res: LightMyRequestResponse;
  /** A spreadsheet reader (worker thread) was started for the upload. */
  readerStarted: boolean;
  /** The other request was answered before the upload. */
  answeredMeanwhile: boolean;
  rssGrowthMb: number;
};

/**
 * Sends an upload and, once the server has it in hand, another request that needs the server (the
 * list of states), which must be answered. In hand: for a spreadsheet, once its reader has started;
 * for a picture or PDF, once the route's handler has been entered; or once the upload is answered,
 * when that comes first (a file refused before reading). Answers the upload's answer, whether a
 * reader was started, whether the other request was answered first, and how much the server's
 * memory grew meanwhile.
 */
async function measure(upload: Upload): Promise<Measured> {
  const rss = process.memoryUsage().rss;
  let peak = rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  let readerStarted = false;
  let inHand!: () => void;
  const held = new Promise<void>((resolve) => (inHand = resolve));
  const onWorker = () => {
    readerStarted = true;
    if (upload.heldBy === 'reader') inHand();
  };
  const onHandler = (message: unknown) => {
    const { route } = message as { route: { method: string; url: string } };
    if (upload.heldBy === 'handler' && route.method === 'POST' && route.url === upload.route) inHand();
  };
  subscribe(READING_CHANNEL, onWorker);
  subscribe(HANDLER_ENTERED, onHandler);
  try {
    let uploaded = false;
    const answer = upload.send().then((res) => {
      uploaded = true;
      return res;
    });
    await Promise.race([held, answer]);
    const other = await school.request({ method: 'GET', url: '/api/states' });
    const answeredMeanwhile = !uploaded;
    expect(other.statusCode).toBe(200);
    const res = await answer;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { res, readerStarted, answeredMeanwhile, rssGrowthMb: Math.round((peak - rss) / 1024 / 1024) };
  } finally {
    clearInterval(sampler);
    unsubscribe(READING_CHANNEL, onWorker);
    unsubscribe(HANDLER_ENTERED, onHandler);
  }
}

type Upload = { send: () => Promise<LightMyRequestResponse>; route: string; heldBy: 'reader' | 'handler' };

const importFile = (body: Buffer): Upload => ({
  send: () =>
    school.request({
      method: 'POST',
      url: '/api/xls-import',
      headers: { 'content-type': 'application/octet-stream' },
      payload: body,
    }),
  route: '/api/xls-import',
  heldBy: 'reader',
});

/** A refusal a user can read: the limit's message, short, never the file's content. */
function expectRefused(m: Measured, status: number, message: string) {
  expect(m.res.statusCode, m.res.body.slice(0, 300)).toBe(status);
  expect(m.res.json().message).toBe(message);
  expect(m.res.body.length).toBeLessThan(400);
  expect(m.rssGrowthMb).toBeLessThan(300);
}

// Building a bomb takes seconds of CPU: on a runner whose cores are busy, more than the suite's 30 s.
describe('spreadsheet bombs', { timeout: 120_000 }, () => {
  it('refuses 200,000 rows of 100 cells, and one 400 MB cell, before reading them, and from their size when the directory understates it', async () => {
    const wide = await xlsxParts(wideRows());
    const huge = await xlsxParts(hugeCell());
    for (const file of [zip(wide), zip(huge)]) {
      expect(file.length).toBeLessThan(5 * 1024 * 1024);
      const m = await measure(importFile(file));
      expectRefused(m, 413, FILE_MESSAGES.tooMuch);
      expect(m.readerStarted, 'refused from the zip directory, before any reading').toBe(false);
    }
    // These reach the reading worker, so the other request is answered while it reads.
    for (const file of [zip(wide, understated), zip(huge, understated)]) {
      const m = await measure(importFile(file));
      expectRefused(m, 400, FILE_MESSAGES.unreadable);
      expect(m.readerStarted).toBe(true);
      expect(m.answeredMeanwhile).toBe(true);
    }
  });

  it('stops reading at the 5,001st row, the 101st column or a cell over 1,000 characters, naming the limit', async () => {
    const rows = await xlsx(studentRows(MAX_IMPORT_ROWS + 1));
    let m = await measure(importFile(rows));
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

    const atLimit = await importFile(csv([HEADINGS, student(2).with(3, 'y'.repeat(MAX_IMPORT_CELL_LENGTH))])).send();
    expect(atLimit.statusCode, atLimit.body.slice(0, 300)).toBe(200);
    expect((atLimit.json() as { rows: { problems: string[] }[] }).rows[0]!.problems[0]).toMatch(
      /^Gender 'y+' must be Male or Female$/,
    );

    const tooMany = await importFile(
      csv([HEADINGS, ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => student(i + 2))]),
    ).send();
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe(FILE_MESSAGES.tooManyRows);
    const tooWide = await importFile(
      csv([
        [...HEADINGS, ...Array.from({ length: MAX_IMPORT_COLUMNS - HEADINGS.length + 1 }, (_, i) => `Extra ${i}`)],
        student(2),
      ]),
    ).send();
    expect(tooWide.statusCode).toBe(413);
    expect(tooWide.json().message).toBe(FILE_MESSAGES.tooManyColumns);
  });

  it('reads the largest file within the limits (5,000 students, 100 columns) while the server keeps answering', async () => {
    const file = await xlsx(studentRows(MAX_IMPORT_ROWS, MAX_IMPORT_COLUMNS - HEADINGS.length));
    const m = await measure(importFile(file));
    expect(m.res.statusCode, m.res.body.slice(0, 300)).toBe(200);
    expect(m.res.json()).toMatchObject({ total: MAX_IMPORT_ROWS, valid: MAX_IMPORT_ROWS });
    expect(m.answeredMeanwhile).toBe(true);
  });
});

// ---- Pictures and PDFs -------------------------------------------------------------------------

const uploadFile = (kind: 'results' | 'trophies', body: Buffer, type: string): Upload => ({
  send: () =>
    admin.request({ method: 'POST', url: `/api/files/${kind}`, headers: { 'content-type': type }, payload: body }),
  route: `/api/files/${kind}`,
  heldBy: 'handler',
});

describe('picture and PDF bombs', { timeout: 120_000 }, () => {
  it('refuses a picture of 20000 x 20000 pixels from its header, saying how large a picture may be', async () => {
    const m = await measure(uploadFile('trophies', pngBomb(), 'image/png'));
    expectRefused(m, 413, PICTURE_MESSAGES.tooManyPixels);
  });

  it('keeps a PDF of nearly 10 MB without reading into it, while the server keeps answering', async () => {
    const m = await measure(uploadFile('results', bigPdf(), 'application/pdf'));
    expect(m.res.statusCode, m.res.body).toBe(200);
  });
});
