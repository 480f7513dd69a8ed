// The invoice as an A4 PDF, built on the device from the invoice shown (so it works offline from
// the kept copy). pdf-lib, fontkit and the fonts (invoice-fonts.ts) load only when someone asks for
// the PDF; the fonts are embedded as subsets, so every name prints and the file stays small.
// Written top to bottom: the head, the lines and totals, how to pay.
import { formatMoney } from '../../domain/rules/money';
import { australianDate } from '../../domain/rules/australian-date';
import { isoDateToDisplay } from '../../domain/rules/grid-date';
import { invoiceTitle, paymentOptions, supplierLines } from '../../domain/rules/tax-invoice';
import type { Invoice } from '../../domain/schemas';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { loadInvoiceFonts } from './invoice-fonts';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;

/** Writes down an A4 page, a new page once the bottom margin is reached. */
function pageWriter(pdf: PDFDocument, ink: Color, font: PDFFont, bold: PDFFont) {
  let page = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const text = (value: string, x: number, size = 10, f = font) =>
    page.drawText(value, { x, y, size, font: f, color: ink });
  const right = (value: string, edge: number, size = 10, f = font) =>
    text(value, edge - f.widthOfTextAtSize(value, size), size, f);
  const line = (gap = 14) => {
    y -= gap;
    if (y < MARGIN + 40) {
      page = pdf.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    }
  };
  /** Draws on the current page at the current height. */
  const draw = (paint: (page: PDFPage, y: number) => void) => paint(page, y);
  return { text, right, line, draw, font, bold };
}

type PageWriter = ReturnType<typeof pageWriter>;

/** The title and number (PAID once paid), the supplier, the event and its dates, and whom it bills. */
function writeHead(w: PageWriter, invoice: Invoice, paidInk: Color) {
  const { text, right, line, font, bold } = w;
  text(invoiceTitle(invoice), MARGIN, 20, bold);
  right(invoice.number ? `Invoice ${invoice.number}` : 'Not yet issued', A4.width - MARGIN, 12, bold);
  if (invoice.paid) {
    // A paid invoice says so at a glance.
    const mark = 'PAID';
    w.draw((page, y) =>
      page.drawText(mark, {
        x: A4.width - MARGIN - bold.widthOfTextAtSize(mark, 28),
        y: y - 34,
        size: 28,
        font: bold,
        color: paidInk,
      }),
    );
  }
  line(28);
  if (invoice.supplier) {
    supplierLines(invoice.supplier).forEach((row, i) => {
      text(row, MARGIN, i === 0 ? 11 : 10, i === 0 ? bold : font);
      line();
    });
    line(8);
  }
  text(invoice.event.name, MARGIN, 12, bold);
  if (invoice.issuedAt)
    right(`Issued ${isoDateToDisplay(australianDate(new Date(invoice.issuedAt)))}`, A4.width - MARGIN);
  line();
  if (invoice.invoiceDue) right(`Due ${isoDateToDisplay(invoice.invoiceDue)}`, A4.width - MARGIN);
  line(20);
  text('Bill to', MARGIN, 10, bold);
  line();
  for (const row of [invoice.school.name, ...invoice.school.address]) {
    text(row, MARGIN);
    line();
  }
  line(10);
}

/** The lines (description, quantity, unit price, amount), then the totals. */
function writeLines(w: PageWriter, invoice: Invoice) {
  const { text, right, line, font, bold } = w;
  const cols = { qty: 360, unit: 450, amount: A4.width - MARGIN };
  text('Description', MARGIN, 10, bold);
  right('Qty', cols.qty, 10, bold);
  right('Unit price', cols.unit, 10, bold);
  right('Amount', cols.amount, 10, bold);
  line(6);
  w.draw((page, y) => page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.5 }));
  line();
  for (const l of invoice.lines) {
    text(l.description, MARGIN);
    right(String(l.quantity), cols.qty);
    right(formatMoney(l.unitAmount), cols.unit);
    right(formatMoney(l.amount), cols.amount);
    line();
  }
  line(6);
  for (const [label, value, strong] of [
    ['Total (GST inclusive)', invoice.total, true],
    ['GST included', invoice.gst, false],
    ['Payments received', invoice.received, false],
    ['Outstanding', invoice.outstanding, true],
  ] as const) {
    right(label, cols.unit, 10, strong ? bold : font);
    right(formatMoney(value), cols.amount, 10, strong ? bold : font);
    line();
  }
}

/** How to pay: each payment option with its details, and online for a VIC invoice. */
function writeHowToPay(w: PageWriter, invoice: Invoice) {
  const { text, line, bold } = w;
  line(16);
  text('How to pay', MARGIN, 12, bold);
  line(16);
  for (const option of paymentOptions(invoice)) {
    text(option.method, MARGIN, 10, bold);
    for (const detail of option.details) {
      text(detail, MARGIN + 100);
      line();
    }
    line(4);
  }
  if (invoice.event.invoiceType === 'VIC') {
    text('Online: sign in and choose Pay online on this invoice.', MARGIN);
    line();
  }
  text('All amounts in Australian dollars (AUD), GST inclusive.', MARGIN, 9);
}

export async function invoicePdf(invoice: Invoice): Promise<Uint8Array> {
  const [{ PDFDocument, rgb }, { default: fontkit }, fonts] = await Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit'),
    loadInvoiceFonts(),
  ]);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`${invoiceTitle(invoice)} ${invoice.number ?? ''}`.trim());
  const font = await pdf.embedFont(fonts.regular, { subset: true });
  const bold = await pdf.embedFont(fonts.bold, { subset: true });
  const writer = pageWriter(pdf, rgb(0.07, 0.09, 0.15), font, bold);
  writeHead(writer, invoice, rgb(0.09, 0.4, 0.2));
  writeLines(writer, invoice);
  writeHowToPay(writer, invoice);
  return pdf.save();
}
