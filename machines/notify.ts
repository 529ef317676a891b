/**
 * The params of every machine's `notify` action (the app shows a toast): one type for all of them. `msg` is a
 * message key; the app's toast store knows which ones it may show.
 */
import type { ToastType } from '#domain/enums.ts';

export type NotifyParams = { type: ToastType; msg: string };
