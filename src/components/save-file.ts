// Hands a file made on the device to the browser as a download: a temporary link to an object
// URL, the only way that works offline and under the app's Content-Security-Policy (no inline
// script, no data: URL).
export const CSV_TYPE = 'text/csv;charset=utf-8';

export function saveFile(blob: Blob, name: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  doc.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the URL only after click() returns, so it is freed a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
