// The fonts of the invoice PDF: DejaVu Sans, whose glyphs cover the names schools and people have
// ('ā', 'ł', 'ễ'), where the PDF standard fonts know only Windows-1252 and refused them. Served as
// the app's own assets (precached, so the PDF works offline) and fetched only when a PDF is made.
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import regularUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';

export interface InvoiceFonts {
  regular: ArrayBuffer;
  bold: ArrayBuffer;
}

async function fontAt(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error('The PDF could not be made: its font did not load. Try again when online.');
  return response.arrayBuffer();
}

export async function loadInvoiceFonts(): Promise<InvoiceFonts> {
  const [regular, bold] = await Promise.all([fontAt(regularUrl), fontAt(boldUrl)]);
  return { regular, bold };
}
