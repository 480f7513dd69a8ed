// Money in the browser, on the demo data: a VIC coordinator opens the invoice, declines once at
// the built-in checkout ('Payment unsuccessful - DECLINED', nothing recorded), then pays and comes
// back to 'Payment successfully made' and a paid invoice; a forged payment result in the link shows
// none of its text; an auditor reads the payments grid, where the test card's payment is marked
// TEST, and cannot change it.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { DEMO, apiSession, signInThroughPage } from './support/app';
import { startServerAndDevice } from './support/device-and-server';

const env = startServerAndDevice();
const VIC_SCHOOL = { username: 'lucy.faulkner@alpineshire.test', password: 'demo-school-2026' };

/** The PDF's text as poppler's pdftotext extracts it (scripts/install-system-deps.sh installs it). */
async function pdfText(bytes: Buffer): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'invoice-')), 'invoice.pdf');
  await writeFile(file, bytes);
  const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', file, '-']);
  return stdout;
}

type ServerInvoice = { paid: boolean; outstanding: number; number: string };

it('lets a VIC coordinator pay the invoice online, after a declined attempt', async () => {
  const api = await apiSession(env.server.url, VIC_SCHOOL);
  const me = (await (await api.get('/api/school')).json()) as { id: string };
  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, VIC_SCHOOL);
  await page.waitForURL(/#\/$/);
  await page.getByRole('link', { name: 'Invoice' }).click();
  await page.getByRole('heading', { name: /^Tax invoice INV-\d{6}$/ }).waitFor();
  await page.getByText('Awaiting payment').waitFor();
  await expectAccessible(page, 'invoice');
  const events = (await (await api.get('/api/events?active=true')).json()) as { id: string; invoiceType: string }[];
  const vic = events.find((e) => e.invoiceType === 'VIC')!;
  const invoice = async () => (await (await api.get(`/api/invoice/xero/${me.id}/${vic.id}`)).json()) as ServerInvoice;
  const before = await invoice();
  expect(before.paid).toBe(false);
  expect(before.outstanding).toBeGreaterThan(0);

  // Declined at the checkout: back on the invoice with the gateway's word, nothing paid.
  await page.getByRole('button', { name: /^Pay online/ }).click();
  await page.getByRole('heading', { name: 'Test payment' }).waitFor();
  await expectAccessible(page, 'the test checkout');
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByText('Payment unsuccessful - DECLINED').waitFor();
  expect((await invoice()).paid).toBe(false);

  // Paid: 'Payment successfully made' and the invoice says Paid, from the server.
  await page.getByRole('button', { name: /^Pay online/ }).click();
  await page.getByRole('button', { name: /^Pay .* \(test card\)$/ }).click();
  await page.getByText('Payment successfully made').waitFor();
  await page.getByText('Paid', { exact: true }).waitFor();
  // At a glance too: the PAID mark.
  await page.getByText('PAID', { exact: true }).waitFor();
  const after = await invoice();
  expect(after).toMatchObject({ paid: true, outstanding: 0, number: before.number });
  // On paper only the invoice: no header, status bar or side rail beside it.
  await page.emulateMedia({ media: 'print' });
  expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
  expect(await page.locator('.app-header').isVisible()).toBe(false);
  expect(await page.locator('main').evaluate((m) => Math.round(m.getBoundingClientRect().left))).toBeLessThan(20);
  await page.emulateMedia({ media: 'screen' });
  await page.close();
  await api.dispose();
});

it('shows none of the text of a forged payment result', async () => {
  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, VIC_SCHOOL);
  await page.waitForURL(/#\/$/);
  await page.goto(`${env.server.url}/#/invoice?result=${encodeURIComponent('<b>Pay to BSB 123</b> evil')}`);
  await page
    .getByText('We could not read the payment result; the invoice below shows what has been received.')
    .waitFor();
  await page.getByRole('heading', { name: /^Tax invoice INV-\d{6}$/ }).waitFor();
  expect(await page.locator('body').innerText()).not.toMatch(/BSB|evil|Pay to/);
  expect(await page.locator('main b').count()).toBe(0);
  await page.close();
});

it('shows an auditor the payments grid, read only', async () => {
  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.auditor);
  await page.waitForURL(/#\/(payments|schools|)$/);
  await page.goto(`${env.server.url}/#/payments`);
  await page.getByRole('heading', { name: 'Payments' }).waitFor();
  await page.getByRole('rowheader', { name: 'Harbourview Grammar School' }).waitFor();
  // The paid school reads as paid; nothing can be changed.
  await page
    .getByRole('row', { name: /Harbourview Grammar School/ })
    .getByText('Paid')
    .waitFor();
  await expectAccessible(page, 'payments, auditor');
  expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
  expect(await page.locator('main table input').count()).toBe(0);

  // The VIC event: the test card's payment (the first test) is a TEST payment.
  const event = page.getByLabel('Event');
  const vic = await event.locator('option', { hasText: 'VIC' }).first().getAttribute('value');
  await event.selectOption(vic!);
  const alpine = page.getByRole('row', { name: /Alpine Shire Secondary College/ });
  await alpine.getByText(/^TEST: .* paid at the test checkout/).waitFor();
  expect(await alpine.innerText()).toContain('TEST');
  await page.close();
});

it('downloads the invoice PDF with its fonts embedded, so a name like Whāngārei prints', async () => {
  const api = await apiSession(env.server.url, VIC_SCHOOL);
  const school = (await (await api.get('/api/school')).json()) as Record<string, unknown>;
  const renamed = await api.put('/api/school', { data: { school: { ...school, name: 'Whāngārei Łódź College' } } });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, VIC_SCHOOL);
  await page.waitForURL(/#\/$/);
  await page.goto(`${env.server.url}/#/invoice`);
  await page.getByRole('heading', { name: /^Tax invoice INV-\d{6}$/ }).waitFor();
  await page.getByText('Whāngārei Łódź College').first().waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
  // The fonts in the file: subsets of DejaVu Sans (the standard fonts could not print 'ā' or 'ł').
  const pdf = await PDFDocument.load(bytes);
  const fonts = pdf.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter(
      (object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font'),
    )
    .map((font) => String(font.get(PDFName.of('BaseFont'))));
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.every((name) => /DejaVuSans/.test(name))).toBe(true);
  // What a school's PDF viewer reads (poppler, an independent reader): the name as typed, and a tax
  // invoice's supplier with its ABN (the demo's Southern organisation, for the VIC invoice type).
  const text = await pdfText(bytes);
  expect(text).toContain('Whāngārei Łódź College');
  expect(text).toContain('Southern Interschools Snowsports (demo)');
  expect(text).toContain('ABN 86 204 371 025');
  expect(text).toMatch(/BPAY\s+Biller Code: 654321/);
  await page.close();
  await api.dispose();
});

it('lets an admin record a refund as its own payment line, which the accounting system is sent in the background', async () => {
  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.admin);
  await page.waitForURL(/#\/(payments|schools|)$/);
  await page.goto(`${env.server.url}/#/payments`);
  await page.getByRole('heading', { name: 'Payments' }).waitFor();
  const school = 'Harbourview Grammar School';
  const row = page.getByRole('row', { name: new RegExp(school) }).first();
  const paidBefore = await row.locator('.payments-made .payments-money').textContent();
  await page.getByRole('button', { name: `Payments of ${school}` }).click();
  const lines = page.getByRole('table', { name: `Payments of ${school}` });
  await lines.waitFor();
  const linesBefore = await lines.locator('tbody tr').count();
  expect(linesBefore).toBeGreaterThan(0);
  const form = page.locator('form', { has: page.getByRole('heading', { name: `Record a payment for ${school}` }) });
  await form.getByLabel('What happened').selectOption('refund');
  await form.getByLabel('Amount in dollars').fill('20');
  await form.getByLabel('Reference').fill('EFT 0042');
  await expectAccessible(page, 'payments, admin recording a refund');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await page.getByText('Payment recorded.').waitFor();
  // Its own line, dated today, with the paid-so-far total after it; the row's payment made follows.
  await expect.poll(() => lines.locator('tbody tr').count()).toBe(linesBefore + 1);
  const last = lines.locator('tbody tr').last();
  expect(await last.locator('td').nth(1).textContent()).toBe('Refund (paid back)');
  expect(await last.locator('td').nth(2).textContent()).toBe('EFT 0042');
  expect(await last.locator('td').nth(3).textContent()).toBe('-$20.00');
  const paidAfter = await row.locator('.payments-made .payments-money').textContent();
  expect(Number(paidAfter!.replace(/[$,]/g, ''))).toBe(Number(paidBefore!.replace(/[$,]/g, '')) - 20);
  expect(await last.locator('td').nth(4).textContent()).toBe(paidAfter);

  // Sent to the accounting system (the built-in ledger here) by the worker, not by the save.
  const api = await apiSession(env.server.url, DEMO.admin);
  await expect
    .poll(
      async () => {
        const queue = (await (await api.get('/api/accounting/queue')).json()) as { waiting: number; parked: unknown[] };
        return [queue.waiting, queue.parked.length];
      },
      { timeout: 15_000 },
    )
    .toEqual([0, 0]);
  await api.dispose();
  await page.close();
});
