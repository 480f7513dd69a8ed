// A coordinator imports a spreadsheet of 200 students in a real browser: the file uploads with a
// progress bar, the rows come back for review (a bad row shown with its problem and left out), the
// valid ones are imported ('Imported successfully') and appear on the participants list; the same
// file imported again adds nobody (read through a separate API session). Offline, the screen says
// the import needs the network.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_MESSAGES } from '../../src/domain/rules/spreadsheet-import';
import { expectAccessible } from './support/a11y';
import {
  DEMO,
  apiSession,
  serverParticipants,
  signInThroughPage,
  unusedAthlete,
  waitForServiceWorker,
} from './support/app';
import { startServerAndDevice } from './support/device-and-server';
import { setDeviceOffline } from './support/network';

const env = startServerAndDevice();

async function studentsWorkbook(snowIds: string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  sheet.addRow([...IMPORT_COLUMNS]);
  for (let i = 0; i < 200; i++) {
    sheet.addRow([
      snowIds[i] ?? '',
      `Importa${i}`,
      `Spreadsheet${i}`,
      i % 2 ? 'Male' : 'Female',
      new Date(Date.UTC(2011, i % 12, (i % 27) + 1)),
      String(7 + (i % 6)),
      '',
    ]);
  }
  // One row that cannot be imported: no surname.
  sheet.addRow(['', 'Nosurname', '', 'Female', '', '8', '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

it('imports 200 students from a spreadsheet, and importing it again adds nobody', async () => {
  const api = await apiSession(env.server.url, DEMO.school);
  const before = await serverParticipants(api);
  const athlete = await unusedAthlete(new Set(before.map((p) => p.snowId ?? '')));
  const file = await studentsWorkbook([athlete.snowId]);

  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.school);
  await page.waitForURL(/#\/$/);
  await page.goto(`${env.server.url}/#/upload`);
  await page.getByRole('heading', { name: /import participants/i }).waitFor();
  await expectAccessible(page, 'spreadsheet import');

  const importOnce = async () => {
    await page.getByLabel('Spreadsheet file').setInputFiles({
      name: 'students.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await page.getByRole('heading', { name: 'students.xlsx: 201 rows' }).waitFor({ timeout: 30_000 });
    await expect(page.getByText(IMPORT_MESSAGES.surnameMissing).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Import 200 participants' }).click();
    await page.getByText('Imported successfully').waitFor({ timeout: 30_000 });
    return page.locator('.upload-done').textContent();
  };

  await expect(importOnce()).resolves.toMatch(/200 added, 0 updated/);
  await expectAccessible(page, 'spreadsheet import, done');
  const after = await serverParticipants(api);
  expect(after.length).toBe(before.length + 200);
  expect(after.find((p) => p.snowId === athlete.snowId)).toMatchObject({
    firstname: 'Importa0',
    lastname: 'Spreadsheet0',
  });

  // On this device too: the participants list reads the mirror, which the import refreshed.
  const mirrored = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('interschools');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = await new Promise<{ lastname: string }[]>((resolve) => {
      const req = db.transaction('participants').objectStore('participants').getAll();
      req.onsuccess = () => resolve(req.result as { lastname: string }[]);
    });
    db.close();
    return all.filter((p) => p.lastname.startsWith('Spreadsheet')).length;
  });
  expect(mirrored).toBe(200);

  // The same file again: everybody is already there.
  await page.goto(`${env.server.url}/#/upload`);
  await expect(importOnce()).resolves.toMatch(/0 added, 200 updated/);
  expect((await serverParticipants(api)).length).toBe(before.length + 200);

  // Offline the import says it needs the network (the app itself comes from the service worker).
  await waitForServiceWorker(page);
  await setDeviceOffline(env.device.context, true);
  await page.reload();
  await expect(page.getByLabel('Spreadsheet file').isDisabled()).resolves.toBe(true);
  await page.getByText(/this needs the network/i).waitFor();
  await setDeviceOffline(env.device.context, false);
  await page.close();
});

it("takes Excel's 'Unicode text' file as it is saved, names with accents and a snow id's leading zero kept", async () => {
  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.school);
  await page.waitForURL(/#\/$/);
  await page.goto(`${env.server.url}/#/upload`);
  await page.getByLabel('Spreadsheet file').setInputFiles({
    name: 'students.txt',
    mimeType: 'text/plain',
    buffer: await readFile('tests/fixtures/spreadsheets/excel-unicode-text-utf-16.txt'),
  });
  await page.getByRole('heading', { name: 'students.txt: 3 rows' }).waitFor({ timeout: 30_000 });
  for (const name of ['Zoë', 'Ångström', 'Łukasz', 'Nguyễn', 'Renée'])
    await page.getByText(name, { exact: true }).first().waitFor();
  await page.getByText('012345', { exact: true }).first().waitFor();
  await page.close();
});
