/**
 * /policies once both are agreed: a read-only account of the agreement ("accepted on <date>") with the two PDFs to
 * read again; no boxes to tick and no "before you continue" (docs/decisions/131-support-session-and-policies-date-in-the-info.md).
 */
import { policyPdfPath } from '#domain/policies.ts';
import { brusselsToday } from '#domain/period.ts';
import { formatDay } from '../../i18n/dates.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Banner } from '../../ui/banner.tsx';
import { Page } from '../../ui/page.tsx';
import * as f from '../../ui/form.css.ts';

/** `agreedAt`: the ISO instant of the agreement, or null when the server does not know it (an older agreement). */
export function PoliciesAccepted({ agreedAt, locale }: { agreedAt: string | null; locale: Locale }) {
  // The day as the agency counts days (Brussels), written as Belgians write it.
  const day = agreedAt ? formatDay(locale, brusselsToday(new Date(agreedAt)), { day: 'numeric', month: 'long', year: 'numeric' }) : null;
  return (
    <Page title={m.policies_title()}>
      <Banner type="success">{day ? m.policies_acceptedOn({ date: day }) : m.policies_accepted()}</Banner>
      <PolicyDocuments locale={locale} />
    </Page>
  );
}

/** The two policies as PDFs in the worker's language: to read before agreeing, and to read again after. */
export function PolicyDocuments({ locale }: { locale: Locale }) {
  return (
    <>
      <h2>{m.policies_documents()}</h2>
      <ul className={f.linkList}>
        <li>
          <a href={policyPdfPath('privacy-policy', locale)} hrefLang={locale} type="application/pdf">
            {m.policies_privacyLink()}
          </a>
        </li>
        <li>
          <a href={policyPdfPath('labour-regulations', locale)} hrefLang={locale} type="application/pdf">
            {m.policies_labourLink()}
          </a>
        </li>
      </ul>
    </>
  );
}
