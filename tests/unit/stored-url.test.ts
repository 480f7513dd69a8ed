// Stored addresses (security review, point 6): what a user types or sends as a result's file or a
// trophy's pictures is later shown to every user as a link or a picture, so only a web address
// (http or https, without a user name or password) or one of this server's own files
// ('/api/files/<id>', as the upload calls answer) is kept. Everything else is refused: other
// schemes (javascript:, data:, vbscript:, file:, ftp:), addresses relative to the page or the
// scheme, and whitespace or control characters that a browser would strip to reveal a scheme.
import { describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH } from '../../src/domain/constants/limits';
import { isSafeStoredUrl, isSafeStoredUrlList, STORED_URL_MESSAGE } from '../../src/domain/rules/stored-url';
import { storedUrl, storedUrlList } from '../../src/domain/schemas/common';

const FILE_ID = 'AbCdEfGhIjKlMnOpQrStUvWx';

const ACCEPTED = [
  'https://results.example.test/2026/alpine.pdf',
  'http://results.example.test/r.pdf',
  'HTTPS://Results.Example.Test/R.PDF',
  'https://results.example.test:8443/a.pdf?season=2026&x=1#page=2',
  'https://results.example.test/a%20b.pdf',
  'https://xn--bcher-kva.example/',
  'https://127.0.0.1/a.png',
  `/api/files/${FILE_ID}`,
  '/api/files/abc-def_0123456789',
  `https://app.example.test/api/files/${FILE_ID}`,
];

const REFUSED = [
  // other schemes
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://files.example.test/r.pdf',
  'blob:https://app.example.test/1234',
  'mailto:someone@example.test',
  // whitespace and control-character tricks (a browser strips them and finds the scheme)
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u0001https://results.example.test/r.pdf',
  ' https://results.example.test/r.pdf',
  'https://results.example.test/r.pdf ',
  'https://results.example.test/r .pdf',
  'https://results.example.test/\tr.pdf',
  'https://results.example.test/\u00a0r.pdf',
  'https://results.example.test/\u2028r.pdf',
  // not absolute, or not properly so
  '//evil.example.test/a.png',
  '/a.png',
  'a.png',
  'results.example.test/r.pdf',
  'https:results.example.test/r.pdf',
  'https:/results.example.test/r.pdf',
  'https://',
  'http://[not-an-ip]/',
  'https:\\\\evil.example.test\\a.png',
  'https://results.example.test\\@evil.example.test/',
  // credentials
  'https://user:pass@results.example.test/r.pdf',
  'https://user@results.example.test/r.pdf',
  'https://@results.example.test/r.pdf',
  // our own file paths, only exactly
  '/api/files/',
  '/api/files/short',
  `/api/files/${FILE_ID}/`,
  `/api/files/${FILE_ID}?x=1`,
  `/api/files/${FILE_ID}#x`,
  `/api/files/../files/${FILE_ID}`,
  `/api/files/..%2F${FILE_ID}`,
  `//api/files/${FILE_ID}`,
  `/api//files/${FILE_ID}`,
  `/api/files/${FILE_ID}\\`,
  `\\api\\files\\${FILE_ID}`,
  `/API/FILES/${FILE_ID}`,
  `/api/files/${'x'.repeat(65)}`,
  // nothing
  '',
];

describe('a stored address', () => {
  it.each(ACCEPTED)('accepts %j', (url) => {
    expect(isSafeStoredUrl(url)).toBe(true);
  });
  it.each(REFUSED)('refuses %j', (url) => {
    expect(isSafeStoredUrl(url)).toBe(false);
  });
});

describe('a list of stored addresses (a trophy\'s pictures, joined by "|")', () => {
  it('accepts none, one, or several, each safe', () => {
    expect(isSafeStoredUrlList('')).toBe(true);
    expect(isSafeStoredUrlList(ACCEPTED[0]!)).toBe(true);
    expect(isSafeStoredUrlList(ACCEPTED.join('|'))).toBe(true);
  });
  it('refuses the list when any one of them is unsafe or empty', () => {
    for (const bad of REFUSED.filter((u) => u !== '' && !u.includes('|'))) {
      expect(isSafeStoredUrlList(`${ACCEPTED[0]}|${bad}`), bad).toBe(false);
      expect(isSafeStoredUrlList(`${bad}|${ACCEPTED[0]}`), bad).toBe(false);
    }
    expect(isSafeStoredUrlList(`${ACCEPTED[0]}||${ACCEPTED[1]}`)).toBe(false);
    expect(isSafeStoredUrlList(`${ACCEPTED[0]}|`)).toBe(false);
    expect(isSafeStoredUrlList('|')).toBe(false);
  });
});

describe('the request schemas built on the rule', () => {
  it("accepts '' (none) and safe addresses within the bound", () => {
    const schema = storedUrl(MAX_URL_LENGTH);
    for (const url of ['', ...ACCEPTED]) expect(schema.safeParse(url).success, url).toBe(true);
    const list = storedUrlList(MAX_URL_LENGTH * 4);
    expect(list.safeParse(`${ACCEPTED[0]}|/api/files/${FILE_ID}`).success).toBe(true);
    expect(list.safeParse('').success).toBe(true);
  });
  it('refuses unsafe addresses with a message that says what to enter, and too long ones', () => {
    const schema = storedUrl(MAX_URL_LENGTH);
    for (const url of REFUSED.filter((u) => u !== '')) {
      const result = schema.safeParse(url);
      expect(result.success, url).toBe(false);
      expect(result.error?.issues[0]?.message, url).toBe(STORED_URL_MESSAGE);
    }
    const long = `https://results.example.test/${'a'.repeat(MAX_URL_LENGTH)}`;
    expect(schema.safeParse(long).success).toBe(false);
    const list = storedUrlList(MAX_URL_LENGTH * 4);
    const refused = list.safeParse(`${ACCEPTED[0]}|javascript:alert(1)`);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(STORED_URL_MESSAGE);
    expect(STORED_URL_MESSAGE).toMatch(/https:\/\/ or http:\/\//);
  });
  it('does not change the address (no trimming or rewriting)', () => {
    expect(storedUrl(MAX_URL_LENGTH).parse(ACCEPTED[2])).toBe(ACCEPTED[2]);
  });
});
