/**
 * A real SMTP server in-process (smtp-server), parsing what it receives with mailparser, so tests
 * read the mails the service really sent and follow their links.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The first portal link in the text */
  link: string;
}

export interface Mailbox {
  smtpUrl: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail to `to` whose subject matches, waiting up to 5 s */
  next(to: string, subject?: RegExp): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          for (const rcpt of session.envelope.rcptTo)
            mails.push({
              to: rcpt.address.toLowerCase(),
              subject: parsed.subject ?? '',
              text,
              html: typeof parsed.html === 'string' ? parsed.html : '',
              link: /https?:\/\/\S+\/api\/portal#\S+/.exec(text)?.[0] ?? '',
            });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mails,
    async next(to, subject) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const mail = mails.find(
          (m) => !taken.has(m) && m.to === to.toLowerCase() && (!subject || subject.test(m.subject)),
        );
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline)
          throw new Error(`no mail to ${to} matching ${subject ?? 'anything'} in 5 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of a portal link (`…/api/portal#verify=<token>`) and its action */
export function linkToken(link: string): { action: string; token: string } {
  const hash = new URL(link).hash.slice(1);
  const [action, token] = hash.split('=');
  return { action: action ?? '', token: token ?? '' };
}
