/**
 * The rules of notifications that the server, the settings page and the tests share (docs/decisions/253-what-is-pushed.md):
 * which kinds a worker turns on or off together, the defaults, when a reminder comes, and the quiet hours, read on
 * Brussels' clock. Pure.
 */
import type { NotificationKind, NotificationSettings, QuietHours } from './api-schema.ts';
import { brusselsDateTime, brusselsInstant, nextDay } from './offers.ts';

export type NotificationTopic = keyof NotificationSettings['topics'];

/** The switch each kind answers to; a test notification answers to none (it is always pushed). */
export const TOPIC_OF: Record<NotificationKind, NotificationTopic | null> = {
  offerNew: 'offers',
  offerPlaceGiven: 'offers',
  offerNotSelected: 'offers',
  missionChanged: 'missions',
  missionCancelled: 'missions',
  hoursRecorded: 'hours',
  hoursReminder: 'hoursReminders',
  certificateDue: 'certificateReminders',
  signatureValidated: 'signature',
  signatureRejected: 'signature',
  detailsApproved: 'details',
  conversationReply: 'conversations',
  test: null,
};

/** The switches in the order the settings page lists them. */
export const NOTIFICATION_TOPICS = [
  'offers',
  'missions',
  'hours',
  'hoursReminders',
  'certificateReminders',
  'signature',
  'details',
  'conversations',
] as const satisfies readonly NotificationTopic[];

export const DEFAULT_QUIET_HOURS: QuietHours = { start: '22:00', end: '07:00' };

/** Until the worker changes anything: every kind on, quiet from 22:00 to 07:00. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  topics: { offers: true, missions: true, hours: true, hoursReminders: true, certificateReminders: true, signature: true, details: true, conversations: true },
  quietHours: DEFAULT_QUIET_HOURS,
};

/** The reminder of hours to confirm comes this long before their deadline. */
export const HOURS_REMINDER_LEAD_MS = 3 * 60 * 60 * 1000;
/** The reminder of a certificate still due comes this long before the end of its last day. */
export const CERTIFICATE_REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
/** A change to a shift that starts within this long is urgent: pushed at once, quiet hours or not. */
export const URGENT_CHANGE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether Brussels' clock at `now` is within the quiet hours (the start included, the end not). */
export function inQuietHours(quiet: QuietHours | null, now: Date): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  const { time } = brusselsDateTime(now);
  return quiet.start < quiet.end ? time >= quiet.start && time < quiet.end : time >= quiet.start || time < quiet.end;
}

/** The first instant after `now` at which Brussels' clock shows the end of the quiet hours. */
export function quietHoursEnd(quiet: QuietHours, now: Date): Date {
  const { date } = brusselsDateTime(now);
  const today = brusselsInstant(date, quiet.end);
  return today.getTime() > now.getTime() ? today : brusselsInstant(nextDay(date), quiet.end);
}
