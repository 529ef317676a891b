/**
 * The rules of an absence report that the server and the portal both apply (docs/decisions/200-absence-reports.md):
 * the reasons, the message's length, when a mission has started or ended, when the worker must also phone the
 * agency, and what a chosen certificate may be. Pure.
 */
import { brusselsInstant, nextDay } from './brussels-time.ts';
import { UPLOAD_MAX_BYTES } from './constants.ts';
import { checkChosenImage, type ChosenFile } from './details-images.ts';
import { V } from './validation-keys.ts';

export const ABSENCE_REASONS = ['sick', 'family_emergency', 'transport', 'other'] as const;
export type AbsenceReasonCode = (typeof ABSENCE_REASONS)[number];

/** The optional message to the agency. */
export const ABSENCE_MESSAGE_MAX = 500;

/** Closer to the start than this (or once it has started), a report is not enough: the worker must also phone. */
export const PHONE_NOTICE_HOURS = 24;

/** By default the certificate may come until the end of the second working day after the report (a setting). */
export const CERTIFICATE_WORKING_DAYS = 2;

/** A certificate as stored: at most the size of any upload. */
export const CERTIFICATE_MAX_BYTES = UPLOAD_MAX_BYTES;

/** What the file chooser offers for a certificate: a photo (prepared like the file's images) or a PDF. */
export const CERTIFICATE_PDF_TYPE = 'application/pdf';

/** The mission's times as the planning states them (a day and Brussels wall-clock times). */
export type MissionTimes = { date: string; start: string; end: string };

/** When a mission starts and ends; one ending at or before its start time ends the next day (a night shift). */
export function missionSpan(m: MissionTimes): { start: Date; end: Date } {
  return { start: brusselsInstant(m.date, m.start), end: brusselsInstant(m.end <= m.start ? nextDay(m.date) : m.date, m.end) };
}

export const missionStarted = (m: MissionTimes, now: Date): boolean => now.getTime() >= missionSpan(m).start.getTime();
export const missionEnded = (m: MissionTimes, now: Date): boolean => now.getTime() >= missionSpan(m).end.getTime();

/** The mission starts within 24 hours, or has started, and has not ended: the agency needs a phone call now. */
export function mustPhoneAgency(m: MissionTimes, now: Date): boolean {
  const { start, end } = missionSpan(m);
  return now.getTime() >= start.getTime() - PHONE_NOTICE_HOURS * 3600_000 && now.getTime() < end.getTime();
}

/** A PDF by its first bytes (`%PDF-`), whatever its name or declared type. */
export const isPdf = (bytes: Uint8Array): boolean => bytes.length >= 5 && [0x25, 0x50, 0x44, 0x46, 0x2d].every((b, i) => bytes[i] === b);

/** Whether a chosen file is offered as a PDF (then it is sent as it is) rather than a photo (then prepared). */
export const looksLikePdf = (file: { name: string; type: string }): boolean =>
  file.type === CERTIFICATE_PDF_TYPE || (file.type === '' && /\.pdf$/i.test(file.name));

/** Message keys of the certificate's own refusals (messages/*.json; the server's 422 uses the first). */
export const ABSENCE_KEYS = {
  certificateOnlyForSickness: 'absence_certificateOnlyForSickness',
  certificateType: 'absence_certificateType',
  certificatePdfSize: 'absence_certificatePdfSize',
} as const;

/**
 * What a chosen certificate is before anything is read: a PDF (sent as it is, so at most 10 MB) or a photo (prepared
 * like the personal file's images, so the original may be larger), or why it is refused at once.
 */
export function checkChosenCertificate(file: ChosenFile): { kind: 'pdf' | 'image' } | { refused: string } {
  if (looksLikePdf(file)) return file.size > CERTIFICATE_MAX_BYTES ? { refused: ABSENCE_KEYS.certificatePdfSize } : { kind: 'pdf' };
  const refused = checkChosenImage(file);
  if (refused === V.fileType) return { refused: ABSENCE_KEYS.certificateType };
  return refused ? { refused } : { kind: 'image' };
}

/** A `tel:` address of a phone number as written ("+32 2 123 45 67" → "tel:+3221234567"). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^+\d]/g, '')}`;
