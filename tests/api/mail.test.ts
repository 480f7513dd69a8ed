// Mail (docs/deploy.md): a server that sends through SMTP names its own sender or does not start;
// the built-in transport writes each message to DATA_DIR/mail with a text and an HTML part and
// logs where, never what (a reset message carries its token).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM, loadConfig } from '../../server/config';
import { createMailer, htmlOf } from '../../server/integrations/mail';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

it('refuses to start with SMTP and the built-in sender, whose mail receiving servers junk', () => {
  expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.org:587' })).toThrow(
    /MAIL_FROM: must be set when SMTP_URL is/,
  );
  expect(
    loadConfig({ SMTP_URL: 'smtp://mail.example.org:587', MAIL_FROM: 'Interschools <entries@example.org.au>' })
      .mailFrom,
  ).toBe('Interschools <entries@example.org.au>');
  expect(loadConfig({}).mailFrom).toBe(DEFAULT_MAIL_FROM);
});

it('writes a reset message with text and HTML parts, and logs where it is, not its token', async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'interschools-mail-'));
  let logged = '';
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    }),
  );
  const token = 'tok_9f8e7d6c5b4a';
  const link = `http://localhost:8080/#/reset?email=a%40school.test&resetToken=${token}`;
  const mailer = createMailer({ from: DEFAULT_MAIL_FROM, dataDir: dir, log });
  await mailer.send({
    to: 'a@school.test',
    subject: 'Reset your password',
    text: `Hello,\n\nSet a new password here:\n${link}\n\nInterschools`,
  });

  expect(logged).toContain('mail written to a file');
  expect(logged).not.toContain(token);
  const [file] = await readdir(path.join(dir, 'mail'));
  const eml = await readFile(path.join(dir, 'mail', file!), 'utf8');
  expect(eml).toMatch(/Content-Type: multipart\/alternative/i);
  expect(eml).toMatch(/Content-Type: text\/plain/i);
  expect(eml).toMatch(/Content-Type: text\/html/i);
  expect(eml.replace(/=\r?\n/g, '')).toContain(token);
});

it('makes the HTML part from the text: paragraphs, line breaks, links, and nothing unescaped', () => {
  const html = htmlOf('Hello <b>Kim</b> & co,\n\nOpen\nhttps://x.example/#/reset?a=1&b=2\n\nBye');
  expect(html).toContain('<p>Hello &#60;b&#62;Kim&#60;/b&#62; &#38; co,</p>');
  expect(html).toContain(
    'Open<br>\n<a href="https://x.example/#/reset?a=1&#38;b=2">https://x.example/#/reset?a=1&#38;b=2</a>',
  );
  expect(html).toContain('<p>Bye</p>');
});
