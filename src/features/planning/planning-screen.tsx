/**
 * The planning (spec §2 Planning): the heading, "Export planning" (planning.pdf), a one-off copy (planning.ics,
 * §2.14), the calendar feed (§12, given as `calendarFeed`), the "edit whole month" link to the
 * availabilities, and the full list (`?complete=1`) grouped by day: upcoming days first, then past ones. A mission
 * the agency changed or cancelled says so in words and says when (and what changed). The list comes from the
 * route's loader.
 */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { MissionLastChange, PlanningItem } from '#domain/api-schema.ts';
import { useLocale, type Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { DownloadButton } from '../../ui/download-button.tsx';
import { brusselsToday } from '#domain/period.ts';
import { AbsenceBadge, AbsenceLine } from './absence-line.tsx';
import { feedMoment } from './calendar-feed-panel.tsx';
import { changeText, dayTitle, groupPlanning, type PlanningDay } from './group.ts';
import * as s from './planning.css.ts';
import { AskAbout } from '../../ui/ask-about.tsx';

export type PlanningDownloads = { planning: () => Promise<unknown>; planningCalendar: () => Promise<unknown> };

export type PlanningScreenProps = {
  /** The whole planning, or null when it could not be read (the worker was told by a toast). */
  items: readonly PlanningItem[] | null;
  downloads: PlanningDownloads;
  onRetry: () => void;
  /** The calendar feed's panel (its actor lives in the route). */
  calendarFeed?: ReactNode;
  now?: Date;
};

export function PlanningScreen({ items, downloads, onRetry, calendarFeed, now }: PlanningScreenProps) {
  const locale = useLocale();
  return (
    <Page title={m.planning_title()}>
      <div className={s.actions}>
        <DownloadButton variant="primary" download={downloads.planning}>
          {m.planning_export()}
        </DownloadButton>
        <DownloadButton download={downloads.planningCalendar} aria-describedby="planning-calendar-hint">
          {m.planning_downloadIcs()}
        </DownloadButton>
      </div>
      <p id="planning-calendar-hint" className={s.hint}>
        {m.planning_downloadIcsHint()}
      </p>
      {calendarFeed}
      <p>
        <Link to="/availabilities">{m.planning_editWholeMonth()}</Link>
      </p>
      {items === null ? (
        <div className={s.empty}>
          <p>{m.planning_loadFailed()}</p>
          <Button variant="secondary" onClick={onRetry}>
            {m.planning_retry()}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className={s.empty}>{m.planning_empty()}</p>
      ) : (
        <PlanningList items={items} locale={locale} now={now ?? new Date()} />
      )}
    </Page>
  );
}

function PlanningList({ items, locale, now }: { items: readonly PlanningItem[]; locale: Locale; now: Date }) {
  const { upcoming, past } = groupPlanning(items, brusselsToday(now));
  return (
    <>
      <section aria-labelledby="planning-upcoming">
        <h2 id="planning-upcoming" className={s.sectionTitle}>
          {m.planning_upcoming()}
        </h2>
        {upcoming.length ? <Days days={upcoming} locale={locale} now={now} /> : <p className={s.empty}>{m.planning_noUpcoming()}</p>}
      </section>
      {past.length ? (
        <section aria-labelledby="planning-past">
          <h2 id="planning-past" className={s.sectionTitle}>
            {m.planning_past()}
          </h2>
          <Days days={past} locale={locale} now={now} />
        </section>
      ) : null}
    </>
  );
}

function Days({ days, locale, now }: { days: PlanningDay[]; locale: Locale; now: Date }) {
  return (
    <ol className={s.days}>
      {days.map((day) => (
        <li key={day.date} className={s.day}>
          <h3 className={s.dayTitle}>{dayTitle(day.date, locale)}</h3>
          <ul className={s.missions}>
            {day.items.map((item) => (
              <li
                key={item.mission}
                className={item.status === 'cancelled' ? s.cancelledMission : s.mission}
                data-mission={item.mission}
                data-status={item.status}
              >
                <Mission item={item} locale={locale} now={now} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function Mission({ item, locale, now }: { item: PlanningItem; locale: Locale; now: Date }) {
  const address = [item.location1, item.location2].filter(Boolean).join(', ');
  const cancelled = item.status === 'cancelled';
  const title = m.planning_missionTitle({ start: item.start, end: item.end, reference: item.reference });
  return (
    <>
      <h4 className={s.missionTitle}>
        {/* The mark is words in the heading (not a colour, not only a line through): a screen reader hears it first. */}
        {cancelled ? (
          <span className={s.cancelledBadge}>{m.planning_cancelledBadge()}</span>
        ) : item.lastChange ? (
          <span className={s.changedBadge}>{m.planning_changedBadge()}</span>
        ) : null}
        {cancelled || item.lastChange ? ' ' : null}
        <AbsenceBadge item={item} />
        {cancelled ? <s className={s.struck}>{title}</s> : title}
      </h4>
      {item.lastChange ? <LastChange change={item.lastChange} locale={locale} /> : null}
      <p>
        <AskAbout kind="mission" id={item.mission} what={title} />
      </p>
      <dl className={s.details}>
        {item.shortLocation ? (
          <div>
            <dt>{m.planning_location()}</dt>
            <dd>{item.shortLocation}</dd>
          </div>
        ) : null}
        {address ? (
          <div>
            <dt>{m.planning_address()}</dt>
            <dd>{address}</dd>
          </div>
        ) : null}
        {item.briefing ? (
          <div>
            <dt>{m.planning_briefing()}</dt>
            <dd className={s.briefing}>{item.briefing}</dd>
          </div>
        ) : null}
      </dl>
      <AbsenceLine item={item} locale={locale} now={now} />
    </>
  );
}

function LastChange({ change, locale }: { change: MissionLastChange; locale: Locale }) {
  const date = feedMoment(locale, change.at);
  if (change.kind === 'cancelled') return <p className={s.changeNote}>{m.planning_cancelledOn({ date })}</p>;
  return (
    <div className={s.changeNote}>
      <p className={s.changeIntro}>{m.planning_changedOn({ date })}</p>
      <ul className={s.changeList}>
        {change.changes.map((c) => (
          <li key={c.field}>{changeText(c, locale)}</li>
        ))}
      </ul>
    </div>
  );
}
