/**
 * The calendar feed (tag calendar, docs/decisions/110-calendar-feed.md): the signed-in worker creates, renews and
 * stops it; calendar apps read it at its secret address. The secret travels only in that address: it is never
 * logged (the log names the route, `/api/calendar/:feed`, not the path: server/request-log.ts), and the portal keeps
 * it in memory only.
 */
import type { CalendarFeedAddress, CalendarFeedStatus } from '#domain/api-schema.ts';
import { brusselsToday } from '#domain/period.ts';
import { FEED_PAST_DAYS, activeFeed, closeFeeds, etagMatches, feedAddress, feedEtag, feedWorkerId, openFeed } from '../services/calendar-feed.ts';
import { addDays } from '../services/clock.ts';
import { calendarAbsences } from '../services/absence-views.ts';
import { planningCalendar } from '../services/ics.ts';
import { missionsOf } from '../services/missions.ts';
import { workerById } from '../services/workers.ts';
import { ApiFailure, notFound } from './errors.ts';
import { approvedAccount, me } from './guards.ts';
import type { AnyRequest, Operations } from './operation.ts';

/** At most this many missions in a feed (a worker has far fewer; the bound keeps one answer small). */
const FEED_MAX_EVENTS = 2000;
const FEED_PATH = /^\/api\/calendar\/[^/]*/;

/** The feed's own answers may be kept by the calendar app that reads them, to ask again with If-None-Match. */
export const FEED_CACHE_CONTROL = 'private, no-cache';
export const isCalendarFeedPath = (path: string): boolean => FEED_PATH.test(path);

const address = (req: AnyRequest, opened: { secret: string; createdAt: Date }): Response => {
  const { url, webcalUrl, createdAt } = feedAddress(req.deps.config.publicUrl, opened.secret, opened.createdAt);
  return req.c.json<CalendarFeedAddress>({ url, webcalUrl, createdAt: createdAt.toISOString() }, 201);
};

export const calendarOperations = {
  getCalendarFeed: {
    guard: approvedAccount,
    async handle(req) {
      const feed = await activeFeed(req.deps.db, me(req).id);
      return req.c.json<CalendarFeedStatus>({
        active: feed !== null,
        createdAt: feed?.createdAt.toISOString() ?? null,
        lastFetchedAt: feed?.lastFetchedAt?.toISOString() ?? null,
      });
    },
  },
  createCalendarFeed: {
    guard: approvedAccount,
    async handle(req) {
      const opened = await openFeed(req.deps.db, me(req).id, req.now, { replace: false });
      if (!opened) throw new ApiFailure(409, 'calendar_feed_active');
      return address(req, opened);
    },
  },
  renewCalendarFeed: {
    guard: approvedAccount,
    async handle(req) {
      return address(req, (await openFeed(req.deps.db, me(req).id, req.now, { replace: true }))!);
    },
  },
  revokeCalendarFeed: {
    guard: approvedAccount,
    async handle(req) {
      await closeFeeds(req.deps.db, me(req).id, req.now);
      return req.c.body(null, 204);
    },
  },
  readCalendarFeed: {
    async handle(req) {
      const { db, config } = req.deps;
      const secret = req.params.feed.slice(0, -'.ics'.length);
      const workerId = await feedWorkerId(db, secret, req.now);
      const worker = workerId ? await workerById(db, workerId) : null;
      if (!worker) throw notFound();
      const from = addDays(brusselsToday(req.now), -FEED_PAST_DAYS);
      const missions = (await missionsOf(db, worker.id, { from, cancelled: true })).slice(0, FEED_MAX_EVENTS);
      const absences = await calendarAbsences(db, worker.id);
      const body = planningCalendar(missions, {
        now: req.now,
        host: new URL(config.publicUrl).hostname,
        publicUrl: config.publicUrl,
        locale: worker.locale,
        feed: true,
        absences,
      });
      const etag = feedEtag(body);
      // A leaked address should not end up in a search engine.
      const headers = { ETag: etag, 'Cache-Control': FEED_CACHE_CONTROL, 'X-Robots-Tag': 'noindex' };
      if (etagMatches(req.c.req.header('If-None-Match'), etag)) return req.c.body(null, 304, headers);
      return req.c.body(body, 200, { ...headers, 'Content-Type': 'text/calendar; charset=utf-8' });
    },
  },
} satisfies Partial<Operations>;
