// Small server-rendered HTML pages (the built-in gateway's checkout, the payment return's
// refusals). The Content-Security-Policy allows no inline script and no inline style
// (plugins/security-headers.ts), so these are plain semantic HTML: no script, no style attribute,
// no <style> element. Every value put into a page is escaped.
import type { FastifyReply } from 'fastify';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A whole page: `body` is HTML already escaped by the caller. */
function htmlPage(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body>',
    '<main>',
    body,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Sends a page that must never be cached (a checkout's state changes, and it is nobody else's). */
export function sendPage(reply: FastifyReply, statusCode: number, title: string, body: string) {
  return reply
    .code(statusCode)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(htmlPage(title, body));
}
