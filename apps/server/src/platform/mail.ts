// Outgoing mail (ARCHITECTURE §6): nodemailer SMTP when SMTP_URL is set; otherwise the dev outbox —
// each message stored in dev_mail (listed at /dev/mailbox) and logged to the console with its links.
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { insertDevMail, newestDevMail } from './mail-repository.ts';

export type MailMessage = { to: string; subject: string; text: string; html: string };
export type StoredMail = MailMessage & { id: string; links: string[]; createdAt: string };

export type Mailer = {
  /** Sends (or stores) the message; rejects when SMTP fails so callers can say so. */
  send: (message: MailMessage) => Promise<void>;
  /** The dev outbox, newest first. */
  outbox: (limit?: number) => Promise<StoredMail[]>;
  close: () => void;
};

const URL_RE = /https?:\/\/[^\s"'<>)]+/g;

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/gi, '/')
    .replace(/&#x3D;/gi, '=')
    .replace(/&quot;/g, '"');

/** Every URL in the message (text and html), once each, in order of appearance. */
function extractLinks(message: Pick<MailMessage, 'text' | 'html'>): string[] {
  const found = [...message.text.matchAll(URL_RE), ...decodeEntities(message.html).matchAll(URL_RE)].map(
    (m) => m[0].replace(/[.,;]+$/, ''),
  );
  return [...new Set(found)];
}

export function createMailer(opts: { config: Config; db: Database; log: (line: string) => void }): Mailer {
  const { config, db, log } = opts;
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const keepCopy = !transport || config.devMailbox;

  return {
    async send(message) {
      if (transport) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      }
      if (keepCopy) {
        const links = extractLinks(message);
        await insertDevMail(db, { ...message, links });
        if (!transport) {
          log(
            [`[mail] to ${message.to}: ${message.subject}`, ...links.map((l) => `[mail]   ${l}`)].join('\n'),
          );
        }
      }
    },
    async outbox(limit = 100) {
      const rows = await newestDevMail(db, limit);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
    close() {
      transport?.close();
    },
  };
}
