// Reads the dev outbox (/api/dev/mailbox) — how journeys follow verification and reset links.
import { expect, type APIRequestContext } from '@playwright/test';

export type Mail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
};

export async function latestMailTo(
  request: APIRequestContext,
  to: string,
  subjectPart: RegExp,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/mailbox');
        const mails = (await res.json()) as Mail[] | { messages: Mail[] };
        const list = Array.isArray(mails) ? mails : mails.messages;
        found = list.find((m) => m.to.includes(to) && subjectPart.test(m.subject));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as Mail;
}

export function linkContaining(mail: Mail, part: string): string {
  const link = mail.links.find((l) => l.includes(part));
  if (!link) throw new Error(`no link containing ${part} in ${JSON.stringify(mail.links)}`);
  return link;
}

let counter = 0;
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`;

/** Every message to `to` whose subject matches, newest first. */
export async function mailsTo(request: APIRequestContext, to: string, subjectPart: RegExp): Promise<Mail[]> {
  const res = await request.get('/api/dev/mailbox');
  const mails = (await res.json()) as Mail[] | { messages: Mail[] };
  const list = Array.isArray(mails) ? mails : mails.messages;
  return list.filter((m) => m.to.includes(to) && subjectPart.test(m.subject));
}
