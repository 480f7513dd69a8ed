// Reports in the browser, on the demo data: an auditor opens the reports index and three reports,
// exports one to Excel and reads the workbook back (the rows are the server's), and a coordinator
// is sent to sign in.
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { DEMO, apiSession, signInThroughPage } from './support/app';
import { startServerAndDevice } from './support/device-and-server';

const env = startServerAndDevice();

it('lets an auditor read three reports and export one to Excel', async () => {
  const api = await apiSession(env.server.url, DEMO.auditor);
  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.auditor);
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));
  await page.goto(`${env.server.url}/#/reports`);
  await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
  await expectAccessible(page, 'reports index');

  for (const title of ['School types', 'Total race entries']) {
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText(/ · As of /).waitFor();
    await expectAccessible(page, title);
    await page.goBack();
  }

  await page.getByRole('link', { name: 'Race entries per school' }).click();
  await page.getByRole('heading', { name: 'Race entries per school', level: 1 }).waitFor();
  const count = page.getByText(/^\d+ rows?$/);
  await count.waitFor();
  const shown = Number((await count.textContent())!.split(' ')[0]);
  expect(shown).toBeGreaterThan(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Export Excel/ }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0]!;
  // A heading row, then the rows the page shows.
  expect(sheet.actualRowCount - 1).toBe(shown);
  const chosen = await page.getByLabel('Event').inputValue();
  const server = (await (await api.get(`/api/report/total-entries-per-school?EventId=${chosen}`)).json()) as { name?: string }[];
  expect(server.length).toBe(shown);
  await page.close();
  await api.dispose();
});

it('sends a coordinator who opens a report to sign in', async () => {
  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.school);
  await page.waitForURL(/#\/$/);
  await page.goto(`${env.server.url}/#/reports/school-types`);
  await page.waitForURL(/#\/login$/);
  await page.close();
});
