// Sending mail: through SMTP when SMTP_URL is set, otherwise into `<data dir>/outbox.jsonl` (one
// JSON line per mail, written before the request or job that caused it goes on) and the log, so
// that the product runs on one machine with no mail service. Two kinds go out: verification codes
// (their lines as the API contract fixes them) and alert mails (lines with `kind: 'alert'`).
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

/** A mail of alerts that fired, written (src/mail/alertTemplates.ts) and ready to send. */
export interface AlertMail {
  to: string;
  /** `each`: alerts that fired close together; `digest`: a UTC day's alerts. */
  mode: 'each' | 'digest';
  subject: string;
  text: string;
  /** The alert events it carries (their ids). */
  events: number[];
  /** The one-click unsubscribe address (RFC 8058), also in the text. */
  unsubscribeUrl: string;
  /** A Message-ID of its own, the same for a resend of the same events. */
  messageId: string;
}

/**
 * One line of `outbox.jsonl` for a verification code, as the API contract fixes it; `at` is Unix
 * seconds. It has no `kind`: alert lines (`kind: 'alert'`) are the ones that do.
 */
export interface OutboxLine {
  to: string;
  subject: string;
  text: string;
  code: string;
  type: CodeType;
  at: number;
}

/** One line of `outbox.jsonl` for an alert mail, with the headers SMTP would carry. */
export interface AlertOutboxLine {
  kind: 'alert';
  mode: AlertMail['mode'];
  to: string;
  subject: string;
  text: string;
  events: number[];
  unsubscribeUrl: string;
  headers: Record<string, string>;
  at: number;
}

export interface Mailer {
  /** Resolves once the mail is handed to the SMTP server or written to the outbox. */
  send(mail: CodeMail): Promise<void>;
  /** As `send`, for alert mails; rejects when the SMTP server refuses it or cannot be reached. */
  sendAlert(mail: AlertMail): Promise<void>;
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

/**
 * The headers that let a mail client offer a one-click unsubscribe (RFC 2369 and RFC 8058): the
 * client POSTs `List-Unsubscribe=One-Click` to the address, without the user signing in.
 */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

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
      async sendAlert(mail) {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          messageId: mail.messageId,
          headers: unsubscribeHeaders(mail.unsubscribeUrl),
        });
        log.info(
          { mail: { to: mail.to, mode: mail.mode, events: mail.events } },
          'alert mail sent',
        );
      },
      close: () => transport.close(),
    };
  }
  const dataDir = settings.dataDir;
  const write = async (line: OutboxLine | AlertOutboxLine, what: string) => {
    if (dataDir) {
      await mkdir(dataDir, { recursive: true });
      await appendFile(join(dataDir, OUTBOX_FILE), `${JSON.stringify(line)}\n`, 'utf8');
      log.info({ mail: line }, `${what} written to ${join(dataDir, OUTBOX_FILE)}`);
    } else {
      log.warn({ mail: line }, `no SMTP_URL and no data directory: ${what} only logged`);
    }
  };
  return {
    async send(mail) {
      const line: OutboxLine = {
        to: mail.to,
        ...verificationMail(mail.type, mail.locale, mail.code),
        code: mail.code,
        type: mail.type,
        at: Math.floor(clock.now() / 1000),
      };
      await write(line, 'verification mail');
    },
    async sendAlert(mail) {
      const line: AlertOutboxLine = {
        kind: 'alert',
        mode: mail.mode,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        events: mail.events,
        unsubscribeUrl: mail.unsubscribeUrl,
        headers: { 'Message-ID': mail.messageId, ...unsubscribeHeaders(mail.unsubscribeUrl) },
        at: Math.floor(clock.now() / 1000),
      };
      await write(line, 'alert mail');
    },
    close: () => undefined,
  };
}
