/**
 * Every mail goes to the outbox table (the back-office reads it); when SMTP_URL is set it is also sent by
 * SMTP, after the answer, so that a slow or failing relay never fails a worker's request (the outbox row
 * records the outcome). docs/decisions/015-mail.md.
 *
 * Header values are made here, once for the outbox and every transport (docs/decisions/221-mail-header-values.md):
 * the subject, built from typed data (an offer's place, a mission's reference, a registered name), has its control
 * characters replaced by a space; an address holding one is refused (it never comes from a validated input).
 */
import { createTransport, type Transporter } from 'nodemailer';
import type { Locale } from '#domain/api-schema.ts';
import { t } from '../i18n.ts';
import { loggableError, type Logger } from '../log.ts';
import type { Db } from '../storage/db.ts';
import { randomId } from './crypto.ts';

export type MailKind =
  | 'validateEmail'
  | 'resetPassword'
  | 'missionChanged'
  | 'missionCancelled'
  | 'offerNew'
  | 'offerGivenBack'
  | 'absenceReported'
  | 'absenceCertificate'
  | 'absenceWithdrawn'
  | 'hoursRecorded'
  | 'hoursResolved'
  | 'conversationReply'
  | 'conversationReplyAbout';
export type Mail = { to: string; locale: Locale; kind: MailKind; params: Record<string, string> };
export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** Several mails into the outbox in one statement (an offer sent to 500 workers), then each to SMTP as `send`. */
  sendAll(mails: readonly Mail[]): Promise<void>;
  /**
   * Composes a mail after the answer: `compose` runs once the request that queued it has answered, and the mail it
   * returns (null: none) goes to the outbox as `send` puts it. For the calls that must not tell by their timing
   * whether an address has an account (docs/decisions/156-answer-before-the-mail.md): they queue the same way
   * for every address. A failure is logged; the request has answered already.
   */
  queue(compose: () => Promise<Mail | null>): void;
  /** Resolves when the mails queued so far are in the outbox (or failed): the back-office's outbox read waits for it. */
  queued(): Promise<void>;
  /** Resolves when the queued mails and the SMTP sends started so far are over (tests, shutdown). */
  idle(): Promise<void>;
};

/** C0 and C1 controls (CR, LF, TAB, NUL, ESC, DEL, NEL…) and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const CONTROLS = /\s*[\p{Cc}\u2028\u2029][\p{Cc}\u2028\u2029\s]*/gu;

/** A header's text on one line: each run of control characters (and the spaces around it) becomes one space. */
const headerText = (text: string): string => text.replace(CONTROLS, ' ').trim();

/** An address for a header, or a refusal: an address with a control character would end its header early. */
function headerAddress(address: string): string {
  if (CONTROL.test(address)) throw new Error('a mail address holds a control character: not sent');
  return address;
}

const LINK = /https?:\/\/[^\s<>"']+/g;
export const extractLinks = (text: string): string[] => [...new Set(text.match(LINK) ?? [])].slice(0, 20);

export function createMailer(db: Db, options: { smtpUrl: string | null; from: string; now: () => Date; log: Logger }): Mailer {
  const { log } = options;
  const transport: Transporter | null = options.smtpUrl ? createTransport(options.smtpUrl) : null;
  const from = headerAddress(options.from);
  const pending = new Set<Promise<void>>();
  const composing = new Set<Promise<void>>();

  /** One mail to SMTP, its outcome written on its outbox row (a failure is logged, never thrown). */
  const smtp = (smtpTransport: Transporter, mail: { id: string; to: string; subject: string; text: string }) => {
    const job = smtpTransport
      .sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
      .then(
        () => 'sent',
        (error: unknown) => {
          log.error({ event: 'mail_not_sent', mail: mail.id, err: loggableError(error) }, 'SMTP: a mail was not sent');
          return 'failed';
        },
      )
      .then(async (status) => {
        await db.query('UPDATE outbox SET smtp_status = $2 WHERE id = $1', [mail.id, status]).catch(() => undefined);
      });
    pending.add(job);
    void job.finally(() => pending.delete(job));
  };

  /** The mails into the outbox, in one statement, in their order (their `seq`). */
  const store = (composed: ReadonlyArray<{ id: string; to: string; subject: string; text: string }>) =>
    db.query(
      `INSERT INTO outbox (id, to_address, subject, body, links, sent_at, smtp_status)
         SELECT u.id, u.to_address, u.subject, u.body, u.links::jsonb, $6, $7
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $8::int[]) AS u(id, to_address, subject, body, links, position)
         ORDER BY u.position`,
      [
        composed.map((m) => m.id),
        composed.map((m) => m.to),
        composed.map((m) => m.subject),
        composed.map((m) => m.text),
        composed.map((m) => JSON.stringify(extractLinks(m.text))),
        options.now(),
        transport ? 'sending' : 'not-configured',
        composed.map((_, i) => i),
      ],
    );

  const mailer: Mailer = {
    send: (mail) => mailer.sendAll([mail]),
    async sendAll(mails) {
      // An address with a control character is refused (thrown once the others are stored): it never reaches a header.
      let refused: unknown = null;
      const composed = mails.flatMap(({ to: address, locale, kind, params }) => {
        try {
          const text = t(locale, `mail_${kind}Text`, params);
          return [{ id: randomId(16), to: headerAddress(address), subject: headerText(t(locale, `mail_${kind}Subject`, params)), text }];
        } catch (error) {
          refused ??= error;
          return [];
        }
      });
      if (composed.length > 0) await store(composed);
      if (transport) for (const mail of composed) smtp(transport, mail);
      if (refused) throw refused;
    },
    queue(compose) {
      // setImmediate: the request's own work (and its answer) comes first; nothing of this runs inside it.
      const job = new Promise<void>((resolve) => setImmediate(resolve))
        .then(compose)
        .then((mail) => (mail ? mailer.send(mail) : undefined))
        .catch((error: unknown) => log.error({ event: 'mail_not_composed', err: loggableError(error) }, 'a mail was not composed'));
      composing.add(job);
      void job.finally(() => composing.delete(job));
    },
    async queued() {
      while (composing.size > 0) await Promise.all([...composing]);
    },
    async idle() {
      await mailer.queued();
      await Promise.all([...pending]);
    },
  };
  return mailer;
}
