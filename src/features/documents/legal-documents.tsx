/**
 * Payslips by year then month, and fiscal attests by year, read from their names (spec §3); each one downloads
 * its PDF. Month names follow the interface language.
 */
import { policyPdfPath } from '#domain/policies.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { DownloadButton } from '../../ui/download-button.tsx';
import { monthName } from '../../i18n/dates.ts';
import { fiscalYears, groupPayslips } from './document-names.ts';
import * as s from './documents.css.ts';
import { AskAbout } from '../../ui/ask-about.tsx';

export type LegalDownload = (name: string) => Promise<unknown>;

export function PayslipList({ names, locale, download }: { names: readonly string[]; locale: Locale; download: LegalDownload }) {
  const { dated: years, undated } = groupPayslips(names);
  if (names.length === 0) return <p className={s.empty}>{m.documents_noPayslips()}</p>;
  const dated = years.map(({ year, months }) => (
    <section key={year} aria-labelledby={`payslips-${year}`} className={s.yearGroup}>
      <h3 id={`payslips-${year}`} className={s.yearTitle}>
        {year}
      </h3>
      <ul className={s.fileList}>
        {months.flatMap(({ month, names: list }) =>
          list.map((name, index) => {
            const word = monthName(locale, month);
            const label = list.length > 1 ? m.documents_payslipNth({ month: word, n: index + 1 }) : word;
            return (
              <li key={name}>
                <DownloadButton variant="quiet" aria-label={m.documents_payslipDownload({ label, year })} download={() => download(name)}>
                  {label}
                </DownloadButton>{' '}
                <AskAbout kind="document" id={name} what={m.documents_payslipDownload({ label, year })} />
              </li>
            );
          }),
        )}
      </ul>
    </section>
  ));
  return (
    <>
      {dated}
      <UndatedList id="payslips-undated" names={undated} download={download} />
    </>
  );
}

/** Names whose period cannot be read (decision 136): listed under their own name rather than hidden. */
function UndatedList({ id, names, download }: { id: string; names: readonly string[]; download: LegalDownload }) {
  if (names.length === 0) return null;
  return (
    <section aria-labelledby={id} className={s.yearGroup}>
      <h3 id={id} className={s.yearTitle}>
        {m.documents_undatedTitle()}
      </h3>
      <ul className={s.fileList}>
        {names.map((name) => (
          <li key={name}>
            <DownloadButton variant="quiet" aria-label={m.documents_undatedDownload({ name })} download={() => download(name)}>
              {name}
            </DownloadButton>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FiscalYearList({ names, download }: { names: readonly string[]; download: LegalDownload }) {
  const { dated: list, undated } = fiscalYears(names);
  if (names.length === 0) return <p className={s.empty}>{m.documents_noFiscalYears()}</p>;
  return (
    <>
      <ul className={s.fileList}>
        {list.map(({ name, year }) => (
          <li key={name}>
            <DownloadButton variant="quiet" aria-label={m.documents_fiscalYearDownload({ year })} download={() => download(name)}>
              {m.documents_fiscalYearLabel({ year })}
            </DownloadButton>{' '}
            <AskAbout kind="document" id={name} what={m.documents_fiscalYearLabel({ year })} />
          </li>
        ))}
      </ul>
      <UndatedList id="fiscal-undated" names={undated} download={download} />
    </>
  );
}

/** The two policies of spec §2, as PDFs in the interface language (served as static files). */
export function PolicyLinks({ locale }: { locale: Locale }) {
  return (
    <ul className={s.linkList}>
      <li>
        <a href={policyPdfPath('privacy-policy', locale)} hrefLang={locale} type="application/pdf">
          {m.documents_privacyPolicy()}
        </a>
      </li>
      <li>
        <a href={policyPdfPath('labour-regulations', locale)} hrefLang={locale} type="application/pdf">
          {m.documents_labourRegulations()}
        </a>
      </li>
    </ul>
  );
}
