/**
 * The home screen's summary (spec §2 Home), shown per `homeNotices` (machines/session.selectors.ts): nothing while
 * the file is incomplete; the upcoming planning with a link to /planning; this month's availabilities with a link
 * to /availabilities (§2.5: what a freelancer can do, shown to everyone who may set them); the documents-to-sign call-to-action
 * (how many contracts wait, link to /digital-signing) and the signature-status call-to-action (§4 colours, link to
 * /user/manage-signature) — both hidden for freelancers, the signature one also for new accounts.
 *
 * A new account is refused the planning and the documents by the server (403 account_not_approved): its
 * planning part shows nothing and the documents part says signing comes once the file is approved; neither is
 * asked (`summaryCalls`). The data comes from the home route's loader (src/routes/-home-summary.ts).
 */
import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { effectiveInfo, homeNotices, type EffectiveInfo, type SessionSnapshot } from '../../../machines/session.selectors.ts';
import type { AbsenceReport, HoursSummary, PlanningItem } from '#domain/api-schema.ts';
import { HoursPart } from './home-hours.tsx';
import { useLocale, type Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import type { SessionActor } from '../../router-context.ts';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { AbsenceMissionLink, CertificateReminder } from './absence-reminder.tsx';
import * as s from './home-summary.css.ts';
import type { SummaryNotices } from './summary-calls.ts';
import { formatDate, formatDay } from '../../i18n/dates.ts';

/** How many missions the summary lists. */
export const SUMMARY_MISSIONS = 3;

export type HomeSummaryData = {
  /** The next missions; null when they could not be read; absent when not asked. */
  planning?: readonly PlanningItem[] | null;
  /** How many contracts wait to be signed; null when it could not be read; absent when not asked. */
  documentsToSign?: number | null;
  /** This month and how many of its days have a slot available; null when it could not be read; absent when not asked. */
  availability?: { year: number; month: number; days: number } | null;
  /**
   * The open offers: how many, and the first one the worker can take (none when each overlaps one of their missions);
   * null when they could not be read; absent when not asked.
   */
  offers?: { open: number; first: { offer: string; job: string; place: string; answerBy: string } | null } | null;
  /** The soonest shift whose contract waits to be signed, when it is near (an interim contract is signed before work). */
  signBefore?: { date: string; start: string } | null;
  /** Hours to confirm and a student's year; null when it could not be read; absent when not asked. */
  hours?: HoursSummary | null;
  /** Absence reports whose medical certificate is still due (requirements §16); absent when not asked or not read. */
  certificatesDue?: readonly AbsenceReport[];
};

export type SummaryFacts = { notices: SummaryNotices; signatureStatus: EffectiveInfo['signatureStatus'] };

export const summaryFacts = (snapshot: SessionSnapshot): SummaryFacts => ({
  notices: homeNotices(snapshot),
  signatureStatus: effectiveInfo(snapshot).signatureStatus,
});

const selectFacts = (snapshot: SessionSnapshot) => summaryFacts(snapshot);

export function HomeSummary({ session, data }: { session: SessionActor; data: HomeSummaryData }) {
  const facts = useSelector(session, selectFacts, (a, b) => shallowEqual(a.notices, b.notices) && a.signatureStatus === b.signatureStatus);
  return <HomeSummaryView facts={facts} data={data} />;
}

export function HomeSummaryView({ facts, data }: { facts: SummaryFacts; data: HomeSummaryData }) {
  const locale = useLocale();
  const { notices } = facts;
  // The access table's cards (machines/page-access.ts `homeCards`): none, no summary.
  const cards = [
    notices.planningSummary,
    notices.availabilitySummary,
    notices.offersSummary,
    notices.hoursSummary,
    notices.certificateReminder,
    notices.documentsToSign,
    notices.signatureStatus,
  ];
  if (!cards.some(Boolean)) return null;
  return (
    <div className={s.summary}>
      {notices.offersSummary && data.offers && data.offers.open > 0 ? <OffersPart offers={data.offers} locale={locale} /> : null}
      {notices.hoursSummary && data.hours !== undefined ? <HoursPart summary={data.hours} locale={locale} /> : null}
      {notices.certificateReminder && data.certificatesDue ? <CertificateReminder reports={data.certificatesDue} locale={locale} /> : null}
      {notices.planningSummary && data.planning !== undefined ? <PlanningPart items={data.planning} locale={locale} /> : null}
      {notices.availabilitySummary && data.availability !== undefined ? <AvailabilityPart availability={data.availability} locale={locale} /> : null}
      {notices.documentsToSign ? (
        <DocumentsPart
          count={notices.documentsToSign === 'afterApproval' ? undefined : data.documentsToSign}
          signBefore={data.signBefore ?? null}
          afterApproval={notices.documentsToSign === 'afterApproval'}
          locale={locale}
        />
      ) : null}
      {notices.signatureStatus ? <SignaturePart status={facts.signatureStatus} /> : null}
    </div>
  );
}

const missionDay = (date: string, locale: Locale) => formatDay(locale, date, { weekday: 'short', day: 'numeric', month: 'short' });

/**
 * One upcoming mission on two lines: when (a mission the agency cancelled says so first, §13), then which and where,
 * on one line cut with an ellipsis (the planning has it whole). An agency's new place, longer or shorter, then never
 * changes the card's height when the fresh answer replaces the kept copy (no layout shift).
 */
function MissionLine({ item, locale }: { item: PlanningItem; locale: Locale }) {
  const when = m.homeSummary_missionWhen({ day: missionDay(item.date, locale), start: item.start, end: item.end });
  const where = m.homeSummary_missionWhere({ reference: item.reference, place: item.shortLocation || item.location1 || '—' });
  return (
    <>
      <span className={s.missionWhen}>
        {item.status === 'cancelled' ? m.homeSummary_cancelledMission({ mission: when }) : item.absence ? m.absence_homeMark({ mission: when }) : when}
      </span>{' '}
      <span className={s.missionWhere}>{where}</span>
    </>
  );
}

function PlanningPart({ items, locale }: { items: readonly PlanningItem[] | null; locale: Locale }) {
  return (
    <section aria-labelledby="home-planning" className={s.card}>
      <h2 id="home-planning" className={s.title}>
        {m.homeSummary_planningTitle()}
      </h2>
      {items === null ? (
        <p>{m.homeSummary_planningFailed()}</p>
      ) : items.length === 0 ? (
        <p>{m.homeSummary_planningEmpty()}</p>
      ) : (
        <ul className={s.missions}>
          {items.slice(0, SUMMARY_MISSIONS).map((item) => (
            <li key={item.mission} data-mission={item.mission}>
              <MissionLine item={item} locale={locale} />
              <AbsenceMissionLink item={item} locale={locale} now={new Date()} />
            </li>
          ))}
        </ul>
      )}
      <Link to="/planning" className={s.link}>
        {m.homeSummary_planningLink()}
      </Link>
    </section>
  );
}

function AvailabilityPart({ availability, locale }: { availability: NonNullable<HomeSummaryData['availability']> | null; locale: Locale }) {
  const month = availability && formatDay(locale, { year: availability.year, month: availability.month, day: 1 }, { month: 'long', year: 'numeric' });
  return (
    <section aria-labelledby="home-availability" className={s.card}>
      <h2 id="home-availability" className={s.title}>
        {m.homeSummary_availabilityTitle()}
      </h2>
      {availability === null || month === null ? (
        <p>{m.homeSummary_availabilityFailed()}</p>
      ) : availability.days === 0 ? (
        <p>{m.homeSummary_availabilityNone({ month })}</p>
      ) : (
        <p className={s.count}>{m.homeSummary_availabilityDays({ month, count: availability.days })}</p>
      )}
      <Link to="/availabilities" className={s.link}>
        {m.homeSummary_availabilityLink()}
      </Link>
    </section>
  );
}

/** Open offers, first of all: a place goes to whoever accepts first; the card points at one the worker can take. */
function OffersPart({ offers, locale }: { offers: NonNullable<HomeSummaryData['offers']>; locale: Locale }) {
  return (
    <section aria-labelledby="home-offers" className={s.card} data-home-offers={offers.open}>
      <h2 id="home-offers" className={s.title}>
        {m.offers_homeTitle()}
      </h2>
      <p className={s.count}>{m.offers_openTitle({ count: offers.open })}</p>
      {offers.first ? (
        <p>
          {m.offers_homeNext({
            offer: m.offers_cardTitle({ job: offers.first.job, place: offers.first.place }),
            deadline: deadlineMoment(locale, offers.first.answerBy),
          })}
        </p>
      ) : (
        <p>{m.offers_homeNoneTakeable()}</p>
      )}
      <Link to="/offers" className={s.link}>
        {m.offers_homeLink()}
      </Link>
    </section>
  );
}

const deadlineMoment = (locale: Locale, iso: string) =>
  formatDate(locale, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Brussels' }, new Date(iso));

/**
 * `count`: undefined while not asked (the session changed since the loader ran), null when it failed;
 * `afterApproval`: a new account, told that contracts come once the file is approved.
 */
function DocumentsPart({
  count,
  signBefore,
  afterApproval,
  locale,
}: {
  count: number | null | undefined;
  signBefore: { date: string; start: string } | null;
  afterApproval: boolean;
  locale: Locale;
}) {
  return (
    <section aria-labelledby="home-documents" className={s.card}>
      <h2 id="home-documents" className={s.title}>
        {m.homeSummary_documentsTitle()}
      </h2>
      {afterApproval ? (
        <p>{m.homeSummary_documentsAfterApproval()}</p>
      ) : count === undefined ? null : count === null ? (
        <p>{m.homeSummary_documentsFailed()}</p>
      ) : count === 0 ? (
        <p>{m.homeSummary_documentsNone()}</p>
      ) : (
        <p className={s.count}>{m.homeSummary_documentsCount({ count })}</p>
      )}
      {count && signBefore ? (
        <p className={s.tone.warning}>{m.offers_signBeforeShift({ day: missionDay(signBefore.date, locale), start: signBefore.start })}</p>
      ) : null}
      {afterApproval ? null : (
        <Link to="/digital-signing" className={s.link}>
          {m.homeSummary_documentsLink()}
        </Link>
      )}
    </section>
  );
}

type Tone = 'success' | 'info' | 'warning';
const toneWord: Record<Tone, () => string> = { success: m.ui_kindSuccess, info: m.ui_kindInfo, warning: m.ui_kindWarning };

/** §4: Validated green, PendingReview info, Rejected warning; no signature yet is an invitation (info). */
const signatureDisplay: Record<EffectiveInfo['signatureStatus'], { type: Tone; text: () => string }> = {
  validated: { type: 'success', text: m.homeSummary_signatureValidated },
  'pending review': { type: 'info', text: m.homeSummary_signaturePending },
  rejected: { type: 'warning', text: m.homeSummary_signatureRejected },
  none: { type: 'info', text: m.homeSummary_signatureNone },
};

function SignaturePart({ status }: { status: EffectiveInfo['signatureStatus'] }) {
  const display = signatureDisplay[status];
  return (
    <section aria-labelledby="home-signature" className={s.card} data-signature-status={status}>
      <h2 id="home-signature" className={s.title}>
        {m.homeSummary_signatureTitle()}
      </h2>
      {/* The tone is said, not only coloured (like the design system's banners). */}
      <p className={s.tone[display.type]} data-tone={display.type}>
        <VisuallyHidden>{toneWord[display.type]()}</VisuallyHidden> {display.text()}
      </p>
      <Link to="/user/manage-signature" className={s.link}>
        {m.homeSummary_signatureLink()}
      </Link>
    </section>
  );
}
