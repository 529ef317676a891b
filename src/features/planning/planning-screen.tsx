/**
 * The planning (spec §2 Planning): the heading, "Export planning" (planning.pdf), "Add to my calendar"
 * (planning.ics, issue 6), the "edit whole month" link to the availabilities, and the full list (`?complete=1`)
 * grouped by day: upcoming days first, then past ones. The list comes from the route's loader.
 */
import { Link } from '@tanstack/react-router';
import type { PlanningItem } from '../../api/schema.ts';
import { useLocale, type Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { DownloadButton } from '../../ui/download-button.tsx';
import { brusselsToday } from '../../domain/period.ts';
import { dayTitle, groupPlanning, type PlanningDay } from './group.ts';
import * as s from './planning.css.ts';

export type PlanningDownloads = { planning: () => Promise<unknown>; planningCalendar: () => Promise<unknown> };

export type PlanningScreenProps = {
  /** The whole planning, or null when it could not be read (the worker was told by a toast). */
  items: readonly PlanningItem[] | null;
  downloads: PlanningDownloads;
  onRetry: () => void;
  now?: Date;
};

export function PlanningScreen({ items, downloads, onRetry, now }: PlanningScreenProps) {
  const locale = useLocale();
  return (
    <Page title={m.planning_title()}>
      <div className={s.actions}>
        <DownloadButton variant="primary" download={downloads.planning}>
          {m.planning_export()}
        </DownloadButton>
        <DownloadButton download={downloads.planningCalendar} aria-describedby="planning-calendar-hint">
          {m.planning_addToCalendar()}
        </DownloadButton>
      </div>
      <p id="planning-calendar-hint" className={s.hint}>
        {m.planning_addToCalendarHint()}
      </p>
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
        <PlanningList items={items} locale={locale} today={brusselsToday(now)} />
      )}
    </Page>
  );
}

function PlanningList({ items, locale, today }: { items: readonly PlanningItem[]; locale: Locale; today: string }) {
  const { upcoming, past } = groupPlanning(items, today);
  return (
    <>
      <section aria-labelledby="planning-upcoming">
        <h2 id="planning-upcoming" className={s.sectionTitle}>
          {m.planning_upcoming()}
        </h2>
        {upcoming.length ? <Days days={upcoming} locale={locale} /> : <p className={s.empty}>{m.planning_noUpcoming()}</p>}
      </section>
      {past.length ? (
        <section aria-labelledby="planning-past">
          <h2 id="planning-past" className={s.sectionTitle}>
            {m.planning_past()}
          </h2>
          <Days days={past} locale={locale} />
        </section>
      ) : null}
    </>
  );
}

function Days({ days, locale }: { days: PlanningDay[]; locale: Locale }) {
  return (
    <ol className={s.days}>
      {days.map((day) => (
        <li key={day.date} className={s.day}>
          <h3 className={s.dayTitle}>{dayTitle(day.date, locale)}</h3>
          <ul className={s.missions}>
            {day.items.map((item) => (
              <li key={item.mission} className={s.mission} data-mission={item.mission}>
                <Mission item={item} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function Mission({ item }: { item: PlanningItem }) {
  const address = [item.location1, item.location2].filter(Boolean).join(', ');
  return (
    <>
      <h4 className={s.missionTitle}>{m.planning_missionTitle({ start: item.start, end: item.end, reference: item.reference })}</h4>
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
    </>
  );
}
