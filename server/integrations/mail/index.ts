// Mail: an interface with two transports. The built-in one writes each message to DATA_DIR/mail
// as an .eml file and logs where (so password-reset links work on one machine with no mail
// server; the log never carries a message's text, which may hold a reset token); SMTP_URL selects
// a real SMTP server through nodemailer. Every message goes with a text and an HTML part.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type MailMessage = { to: string; subject: string; text: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The HTML part of a plain message: its paragraphs, line breaks kept, addresses as links. */
export function htmlOf(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => {
      const html = escapeHtml(paragraph).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
      return `<p>${html.replace(/\n/g, '<br>\n')}</p>`;
    });
  return `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">\n${paragraphs.join('\n')}\n</body></html>`;
}

const withHtml = (message: MailMessage) => ({ ...message, html: htmlOf(message.text) });

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...withHtml(message) });
      },
    };
  }
  const folder = path.join(opts.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...withHtml(message) });
      await mkdir(folder, { recursive: true });
      const file = path.join(
        folder,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      opts.log.info({ to: message.to, subject: message.subject, file }, 'mail written to a file');
    },
  };
}

/** A mailer that keeps messages in memory, for tests that read the reset link. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
