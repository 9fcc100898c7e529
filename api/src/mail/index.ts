// Sending mail: through SMTP when SMTP_URL is set, otherwise into `<data dir>/outbox.jsonl` (one
// JSON line per mail, written before the request that caused it answers) and the log, so that the
// product runs on one machine with no mail service.
import type { FastifyBaseLogger } from 'fastify';
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Clock } from '../auth/clock.js';
import type { CodeType } from '../auth/codes.js';
import type { Locale } from '@coinlens/contract';
import { verificationMail } from './templates.js';

export { verificationMail } from './templates.js';

/** A verification code to mail. */
export interface CodeMail {
  to: string;
  type: CodeType;
  code: string;
  /** The language of the request that asked for it. */
  locale: Locale;
}

/** One line of `outbox.jsonl`; `at` is Unix seconds. */
export interface OutboxLine {
  to: string;
  subject: string;
  text: string;
  code: string;
  type: CodeType;
  at: number;
}

export interface Mailer {
  /** Resolves once the mail is handed to the SMTP server or written to the outbox. */
  send(mail: CodeMail): Promise<void>;
  close(): void;
}

export interface MailSettings {
  /** Where `outbox.jsonl` goes when there is no SMTP server. */
  dataDir?: string | null;
  /** `smtp://user:pass@host:587` or `smtps://...` (SMTP_URL); unset: the outbox. */
  smtpUrl?: string | null;
  /** The From header (MAIL_FROM). */
  from?: string | null;
}

export const OUTBOX_FILE = 'outbox.jsonl';
const DEFAULT_FROM = 'Coinlens <no-reply@coinlens.local>';

/** The mailer the settings ask for. Without SMTP and without a data dir, mails are only logged. */
export function createMailer(settings: MailSettings, log: FastifyBaseLogger, clock: Clock): Mailer {
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport(settings.smtpUrl);
    const from = settings.from || DEFAULT_FROM;
    return {
      async send(mail) {
        const { subject, text } = verificationMail(mail.type, mail.locale, mail.code);
        await transport.sendMail({ from, to: mail.to, subject, text });
        log.info({ mail: { to: mail.to, type: mail.type } }, 'verification mail sent');
      },
      close: () => transport.close(),
    };
  }
  const dataDir = settings.dataDir;
  return {
    async send(mail) {
      const line: OutboxLine = {
        to: mail.to,
        ...verificationMail(mail.type, mail.locale, mail.code),
        code: mail.code,
        type: mail.type,
        at: Math.floor(clock.now() / 1000),
      };
      if (dataDir) {
        await mkdir(dataDir, { recursive: true });
        await appendFile(join(dataDir, OUTBOX_FILE), `${JSON.stringify(line)}\n`, 'utf8');
        log.info({ mail: line }, `verification mail written to ${join(dataDir, OUTBOX_FILE)}`);
      } else {
        log.warn(
          { mail: line },
          'no SMTP_URL and no data directory: verification mail only logged',
        );
      }
    },
    close: () => undefined,
  };
}
