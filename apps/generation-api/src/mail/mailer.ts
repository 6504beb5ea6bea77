/**
 * Outgoing mail. With SMTP_URL, nodemailer sends through that server (from SMTP_FROM); without it
 * (the embedded default) nothing is sent and the message's link is logged at info level with a clear
 * "dev mode: mail not sent" line, so the two-command start still lets a developer verify an account.
 */
import type { Logger } from 'pino';
import type { MailMessage } from './messages.js';

export interface Mailer {
  send(to: string, message: MailMessage): Promise<void>;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer is loaded with the first mail, not at start (it costs ~200 ms of start-up)
  let transport: Promise<{ sendMail(mail: object): Promise<unknown> }> | undefined;
  return {
    async send(to, message) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
      await (await transport).sendMail({
        from,
        to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}

export function devLogMailer(logger: Logger): Mailer {
  return {
    async send(to, message) {
      logger.info(
        { to, subject: message.subject, link: message.link },
        'dev mode: mail not sent (no SMTP_URL)',
      );
    },
  };
}

/**
 * Sends without making the caller wait (so answers take as long whether or not a mail goes out) and
 * logs a failure at error level, without the link.
 */
export function sendInBackground(mailer: Mailer, logger: Logger, to: string, message: MailMessage): void {
  mailer.send(to, message).catch((err: unknown) => {
    logger.error(
      { err: err instanceof Error ? err.message : String(err), subject: message.subject },
      'mail not sent',
    );
  });
}
