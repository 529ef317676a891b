/**
 * The documents (spec §2 Documents; not for freelancers or new accounts, see machines/page-access.ts): an
 * accordion with the worked-days attest, the C4, the contracts, the payslips, the fiscal attests and the two
 * policies. The lists come from the route's loader; a list that could not be read says so and can be read again.
 */
import type { ReactNode } from 'react';
import type { ContractOverviewItem } from '#domain/api-schema.ts';
import { brusselsToday } from '#domain/period.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Accordion } from '../../ui/accordion.tsx';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { ContractsTable } from './contracts-table.tsx';
import * as s from './documents.css.ts';
import { FiscalYearList, PayslipList, PolicyLinks } from './legal-documents.tsx';
import { PeriodDownload } from './period-download.tsx';

export type DocumentLists = {
  /** Each list, or null when it could not be read (the worker was told by a toast). */
  contracts: readonly ContractOverviewItem[] | null;
  payslips: readonly string[] | null;
  fiscalYears: readonly string[] | null;
};

export type DocumentDownloads = {
  workedDaysAttest: (start: string, end: string) => Promise<unknown>;
  c4: (start: string, end: string) => Promise<unknown>;
  contract: (job: string, mission: string) => Promise<unknown>;
  legalDocument: (file: string) => Promise<unknown>;
};

export type DocumentsScreenProps = { lists: DocumentLists; downloads: DocumentDownloads; onRetry: () => void; now?: Date };

export function DocumentsScreen({ lists, downloads, onRetry, now }: DocumentsScreenProps) {
  const locale = useLocale();
  const today = brusselsToday(now);
  const orRetry = <T,>(list: T | null, render: (value: T) => ReactNode) =>
    list === null ? (
      <div className={s.empty}>
        <p>{m.documents_listFailed()}</p>
        <Button variant="secondary" onClick={onRetry}>
          {m.documents_retry()}
        </Button>
      </div>
    ) : (
      render(list)
    );

  return (
    <Page title={m.documents_title()}>
      <p>{m.documents_intro()}</p>
      <Accordion
        sections={[
          {
            value: 'worked-days',
            title: m.documents_workedDaysTitle(),
            content: (
              <>
                <p className={s.sectionIntro}>{m.documents_workedDaysIntro()}</p>
                <PeriodDownload
                  id="attest"
                  buttonLabel={m.documents_workedDaysDownload()}
                  download={downloads.workedDaysAttest}
                  today={today}
                  locale={locale}
                />
              </>
            ),
          },
          {
            value: 'c4',
            title: m.documents_c4Title(),
            content: (
              <>
                <p className={s.sectionIntro}>{m.documents_c4Intro()}</p>
                <PeriodDownload
                  id="c4"
                  buttonLabel={m.documents_c4Download()}
                  download={downloads.c4}
                  today={today}
                  locale={locale}
                  nothingFor={{ code: 'no_c4_for_period', message: (period) => m.documents_noC4ForPeriod(period) }}
                />
              </>
            ),
          },
          {
            value: 'contracts',
            title: m.documents_contractsTitle(),
            content: orRetry(lists.contracts, (contracts) => <ContractsTable contracts={contracts} locale={locale} download={downloads.contract} />),
          },
          {
            value: 'payslips',
            title: m.documents_payslipsTitle(),
            content: orRetry(lists.payslips, (names) => <PayslipList names={names} locale={locale} download={downloads.legalDocument} />),
          },
          {
            value: 'fiscal-years',
            title: m.documents_fiscalYearsTitle(),
            content: orRetry(lists.fiscalYears, (names) => <FiscalYearList names={names} download={downloads.legalDocument} />),
          },
          { value: 'other', title: m.documents_otherTitle(), content: <PolicyLinks locale={locale} /> },
        ]}
      />
    </Page>
  );
}
