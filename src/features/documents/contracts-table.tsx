/**
 * The contracts (spec §2 Documents): the day with its start and end times, the reference, and a download of the
 * contract's PDF to print — only on the rows where the agency allows printing (`allowPrint`).
 */
import type { ContractOverviewItem } from '#domain/api-schema.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { DownloadButton } from '../../ui/download-button.tsx';
import * as s from './documents.css.ts';
import { formatDay } from '../../i18n/dates.ts';

export type ContractDownload = (job: string, mission: string) => Promise<unknown>;

const shortDate = (day: string, locale: Locale) => formatDay(locale, day, { day: '2-digit', month: '2-digit', year: 'numeric' });

export function ContractsTable({ contracts, locale, download }: { contracts: readonly ContractOverviewItem[]; locale: Locale; download: ContractDownload }) {
  if (contracts.length === 0) return <p className={s.empty}>{m.documents_noContracts()}</p>;
  return (
    <table className={s.table}>
      <caption>
        <VisuallyHidden>{m.documents_contractsTitle()}</VisuallyHidden>
      </caption>
      <thead>
        <tr>
          <th scope="col">{m.documents_contractDate()}</th>
          <th scope="col">{m.documents_contractReference()}</th>
          <th scope="col">{m.documents_contractDocument()}</th>
        </tr>
      </thead>
      <tbody>
        {contracts.map((contract) => (
          <tr key={contract.mission} data-mission={contract.mission}>
            <td>
              <span className={s.nowrap}>{shortDate(contract.date, locale)}</span>{' '}
              <span className={s.nowrap}>{m.documents_timeRange({ start: contract.start, end: contract.end })}</span>
            </td>
            <td>{contract.reference}</td>
            <td>
              {contract.allowPrint ? (
                <DownloadButton
                  variant="quiet"
                  aria-label={m.documents_contractDownloadFor({ reference: contract.reference })}
                  download={() => download(contract.job, contract.mission)}
                >
                  {m.documents_contractDownload()}
                </DownloadButton>
              ) : (
                // The reason in words, for everyone (a lone dash said nothing to a sighted worker).
                <span className={s.noPrint}>{m.documents_contractNoPrint()}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
