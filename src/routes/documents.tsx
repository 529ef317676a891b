import { useMemo } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import type { Api } from '../api/client.ts';
import { DocumentsScreen, type DocumentDownloads, type DocumentLists } from '../features/documents/documents-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { m } from '../paraglide/messages.js';

/** The three lists of spec §7, read together; each one that fails is null (the client already said why). */
async function loadDocuments(api: Api): Promise<DocumentLists> {
  const orNull = <T,>(call: Promise<T>) => call.catch(() => null);
  const [contracts, payslips, fiscalYears] = await Promise.all([
    orNull(api.unwrap(api.client.GET('/user/me/documents/contracts-overview'))),
    orNull(api.unwrap(api.client.GET('/user/me/documents/payslip-overview'))),
    orNull(api.unwrap(api.client.GET('/user/me/documents/fiscal-year-overview'))),
  ]);
  return { contracts, payslips, fiscalYears };
}

export const Route = createFileRoute('/documents')({
  loader: ({ context }) => loadDocuments(context.api),
  // The loader goes with the screen's chunk: nothing of it in the first load.
  codeSplitGroupings: [['loader', 'component']],
  component: DocumentsRoute,
});

function DocumentsRoute() {
  useLocale();
  const { api } = Route.useRouteContext();
  const lists = Route.useLoaderData();
  const router = useRouter();
  const downloads = useMemo<DocumentDownloads>(
    () => ({
      workedDaysAttest: api.downloads.workedDaysAttest,
      c4: api.downloads.c4,
      // Spec §7: the contract is saved as a PDF named from the contracts title and the mission (when the server gives no name).
      contract: (job, mission) => api.downloads.contract(job, mission, `${m.documents_contractsTitle()}-${mission}.pdf`),
      legalDocument: api.downloads.legalDocument,
    }),
    [api],
  );
  return <DocumentsScreen lists={lists} downloads={downloads} onRetry={() => void router.invalidate()} />;
}
