/**
 * The rules of a conversation with the agency that the server and the portal both apply
 * (docs/decisions/270-conversations.md): how long a message may be, how many files it may carry, what a chosen file
 * may be, the office hours' notation and whether the office is open, when an unread reply is mailed, and how long a
 * conversation is kept (docs/decisions/271-conversation-privacy.md). Pure.
 */
import type { OfficeHoursDay } from './api-schema.ts';
import { brusselsDateTime } from './offers.ts';

/** A message's text, in characters (the contract's ConversationText agrees). */
export const CONVERSATION_TEXT_MAX = 2000;
/** Photos or PDFs with one message (the form's attachment1..3). */
export const CONVERSATION_ATTACHMENTS_MAX = 3;
/** The form field of the attachment at a position (1-based). */
export const attachmentField = (position: number): string => `attachment${position}`;

/** An agency reply still unread this long after it came is mailed to the worker, once. */
export const UNREAD_REPLY_MAIL_AFTER_MS = 60 * 60 * 1000;
/** A conversation is kept this long after its last message, then erased with its files. */
export const CONVERSATION_RETENTION_DAYS = 730;
/** The notification of a reply matters this long (its push's TTL). */
export const REPLY_NEWS_MS = 7 * 24 * 60 * 60 * 1000;

/** Default office hours: Monday to Friday, 08:30 to 17:30; the usual answer within 4 office hours. */
export const DEFAULT_OFFICE_HOURS = '1-5 08:30-17:30';
export const DEFAULT_ANSWER_HOURS = 4;

/** Message keys of what the form says before anything is sent. */
export const CONVERSATION_KEYS = {
  tooLong: 'conversation_textTooLong',
  empty: 'conversation_textEmpty',
  tooManyFiles: 'conversation_tooManyFiles',
} as const;

/** The text as it is kept: without the blanks around it. */
export const cleanText = (text: string): string => text.trim();

/** Why a message cannot be sent as it is (null: it can): too long, or nothing in it. */
export function messageProblem(text: string, files: number): string | null {
  const clean = cleanText(text);
  if ([...clean].length > CONVERSATION_TEXT_MAX) return CONVERSATION_KEYS.tooLong;
  if (files > CONVERSATION_ATTACHMENTS_MAX) return CONVERSATION_KEYS.tooManyFiles;
  if (clean === '' && files === 0) return CONVERSATION_KEYS.empty;
  return null;
}

const DAY_SPEC = /^([1-7])(?:-([1-7]))?\s+([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * `1-5 08:30-17:30; 6 09:00-12:00` (weekdays 1 Monday … 7 Sunday, Brussels times) as the days it says, or null when
 * it does not read (the server refuses to start rather than show wrong hours).
 */
export function parseOfficeHours(text: string): OfficeHoursDay[] | null {
  const days = new Map<number, OfficeHoursDay>();
  for (const part of text.split(';').map((p) => p.trim())) {
    if (part === '') continue;
    const match = DAY_SPEC.exec(part);
    if (!match) return null;
    const [, from, to, oh, om, ch, cm] = match as unknown as [string, string, string | undefined, string, string, string, string];
    const open = `${oh}:${om}`;
    const close = `${ch}:${cm}`;
    if (close <= open) return null;
    for (let day = Number(from); day <= Number(to ?? from); day++) {
      if (days.has(day)) return null;
      days.set(day, { weekday: day, open, close });
    }
  }
  return days.size > 0 ? [...days.values()].sort((a, b) => a.weekday - b.weekday) : null;
}

/** The ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD day. */
const weekdayOf = (date: string): number => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Whether the office is open at `now` by Brussels' clock (the opening minute included, the closing one not). */
export function officeOpen(days: readonly OfficeHoursDay[], now: Date): boolean {
  const { date, time } = brusselsDateTime(now);
  const today = days.find((d) => d.weekday === weekdayOf(date));
  return today !== undefined && time >= today.open && time < today.close;
}
