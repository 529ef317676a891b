/**
 * The server's guards (server/api/guards.ts, run before each operation) read against the access table of the pages
 * (machines/page-access.ts), for every page, every gate stage and every account: the server may not import the
 * table, so this test holds both.
 *  - A page the table opens can make every call it makes for whoever it opens to: no 403 behind an open page.
 *  - A page the table refuses to an account (requirements §6) is refused by the server too: one of its reads answers
 *    403. The table's refusals are the server's, not a second rule.
 *  - Every call the home's cards make (src/features/home/summary-calls.ts, from the table's cards) is allowed.
 * The calls of each page are listed here by hand, from its route and its actors; a page added to the table does not
 * compile until it has its line.
 */
import { describe, expect, it } from 'vitest';
import { accountOf } from '#domain/accounts.ts';
import type { OperationId } from '../../server/api/contract.ts';
import { ApiFailure } from '../../server/api/errors.ts';
import type { AnyRequest } from '../../server/api/operation.ts';
import { operations } from '../../server/api/operations.ts';
import type { Worker } from '../../server/services/workers.ts';
import { HOME, PAGES, homeCards, menuPages, pageOf, refusalOf, type GateStage, type PagePath } from '../../machines/page-access.ts';
import { routeGate } from '../../machines/route-gate.ts';
import { homeNoticesOf } from '../../machines/session.selectors.ts';
import { summaryCalls, type SummaryCall } from '../../src/features/home/summary-calls.ts';

/**
 * What each page calls: `reads` when it opens, `actions` it offers to everyone it opens to (an action a screen offers
 * only to some, as drawing a signature to an approved account or signing to a validated signature, is not listed).
 */
const PAGE_CALLS = {
  '/login': { reads: [], actions: ['login'] },
  '/register': { reads: [], actions: ['register'] },
  '/reset-password': { reads: [], actions: ['startPasswordReset', 'validateToken', 'updatePassword'] },
  '/impersonate': { reads: [], actions: ['impersonate'] },
  '/accessibility': { reads: [], actions: [] },
  '/policies': { reads: ['getGeneralInfo'], actions: ['updatePolicies'] },
  '/home': { reads: ['getGeneralInfo'], actions: ['revalidateEmail'] },
  '/availabilities': { reads: ['getAvailabilities'], actions: ['saveAvailabilities'] },
  '/planning': {
    reads: ['getUpcomingPlanning', 'getCalendarFeed'],
    actions: ['createCalendarFeed', 'renewCalendarFeed', 'revokeCalendarFeed', 'downloadPlanning', 'downloadPlanningCalendar'],
  },
  '/offers': { reads: ['getOffers', 'getOffer'], actions: ['acceptOffer', 'declineOffer'] },
  '/documents': {
    reads: ['getPayslipOverview', 'getFiscalYearOverview', 'getContractsOverview'],
    actions: ['downloadLegalDocument', 'downloadWorkedDaysAttest', 'downloadC4', 'downloadContract'],
  },
  '/hours': { reads: ['getHours', 'getHoursSummary'], actions: ['confirmHours', 'contestHours'] },
  '/employee-details': { reads: ['getPersonalDetails', 'getUploadedFile'], actions: ['updateDetailsStep', 'uploadFile', 'removeUploadedFile'] },
  '/absence': {
    reads: ['listAbsenceReports', 'getAbsenceReport', 'getUpcomingPlanning'],
    actions: ['reportAbsence', 'addAbsenceCertificate', 'withdrawAbsenceReport'],
  },
  '/conversations': {
    reads: ['listConversations', 'getAgencyHours', 'getConversation', 'getConversationSubject', 'getUnreadConversations'],
    actions: ['startConversation', 'sendConversationMessage', 'markConversationRead', 'downloadConversationAttachment'],
  },
  '/notifications': { reads: ['getNotifications'], actions: ['markNotificationsRead'] },
  '/notification-settings': {
    reads: ['getNotificationSettings', 'getPushKey'],
    actions: ['saveNotificationSettings', 'subscribePush', 'unsubscribePush'],
  },
  '/user/reset-password': { reads: [], actions: ['requestPasswordResetMail'] },
  '/user/manage-signature': { reads: ['getSignature'], actions: [] },
  '/digital-signing': { reads: ['getDocumentsToSign'], actions: [] },
} as const satisfies Record<PagePath, { reads: readonly OperationId[]; actions: readonly OperationId[] }>;

/** The operation each call of the home's cards makes (its path in SUMMARY_CALL_PATHS). */
const CARD_CALLS = {
  planning: 'getUpcomingPlanning',
  documentsToSign: 'getDocumentsToSign',
  availability: 'getAvailabilities',
  offers: 'getOffers',
  hours: 'getHoursSummary',
  absences: 'listAbsenceReports',
} as const satisfies Record<SummaryCall, OperationId>;

/** The worker's row as each gate stage of spec §5 finds it (policies, then the details file). */
const STAGES = {
  policiesRequired: { agreed_gdpr: false, agreed_labour: false, details_status: 0 },
  detailsRequired: { agreed_gdpr: true, agreed_labour: true, details_status: 0 },
  detailsUnderReview: { agreed_gdpr: true, agreed_labour: true, details_status: 1 },
  open: { agreed_gdpr: true, agreed_labour: true, details_status: 2 },
} as const satisfies Record<Exclude<GateStage, 'signedOut'>, Partial<Worker>>;

/** Every account of §6: each statute, new or approved. */
const ACCOUNTS = [1, 2, 3].flatMap((statute) => [true, false].map((newAccount) => ({ statute: statute as 1 | 2 | 3, new_account: newAccount })));

function workerIn(stage: keyof typeof STAGES, account: (typeof ACCOUNTS)[number]): Worker {
  return {
    id: 'w1',
    email: 'w@example.com',
    password_hash: '',
    first_name: 'W',
    last_name: 'W',
    locale: 'fr',
    email_validated: true,
    policies_agreed_at: null,
    details: {} as Worker['details'],
    signature_value: null,
    signature_status: 0,
    ...STAGES[stage],
    ...account,
  };
}

const name = (w: Worker) => `${['', 'employee', 'student', 'freelancer'][w.statute]}${w.new_account ? ' (new account)' : ''}`;

/** What the server's guard of an operation answers this worker: null (allowed) or the refusal's status and code. */
function guardOf(operation: OperationId, worker: Worker): string | null {
  // A guard reads the signed-in worker only (operation.ts: permission checks before the input is read).
  const request = { worker, token: 't' } as unknown as AnyRequest;
  try {
    operations[operation].guard?.(request);
    return null;
  } catch (error) {
    if (error instanceof ApiFailure) return `${error.status} ${error.code}`;
    throw error;
  }
}

const combos = Object.keys(STAGES).flatMap((stage) => ACCOUNTS.map((account) => workerIn(stage as keyof typeof STAGES, account)));
const stageOf = (w: Worker) =>
  Object.entries(STAGES).find(([, row]) => row.agreed_gdpr === w.agreed_gdpr && row.details_status === w.details_status)![0] as GateStage;
const decide = (path: string, w: Worker) =>
  routeGate({ pathname: path, href: path }, { stage: stageOf(w), account: accountOf({ newAccount: w.new_account, statute: w.statute }) });

describe('the server lets every page the table opens make its calls', () => {
  it.each(PAGES.map((page) => [page.path]))('%s', (path) => {
    const calls = PAGE_CALLS[path as PagePath];
    const refused = combos.flatMap((worker) =>
      decide(path, worker).allow
        ? [...calls.reads, ...calls.actions].flatMap((operation) => {
            const answer = guardOf(operation, worker);
            return answer ? [`${stageOf(worker)}, ${name(worker)}: ${operation} → ${answer}`] : [];
          })
        : [],
    );
    expect(refused).toEqual([]);
  });
});

describe('the server refuses a page to the accounts the table refuses it', () => {
  it.each(PAGES.map((page) => [page.path]))('%s', (path) => {
    const reads: readonly OperationId[] = PAGE_CALLS[path as PagePath].reads;
    const missed = combos
      .filter((worker) => stageOf(worker) === 'open' && refusalOf(pageOf(path), accountOf({ newAccount: worker.new_account, statute: worker.statute })))
      .filter((worker) => !reads.some((operation) => guardOf(operation, worker)?.startsWith('403 ')))
      .map((worker) => `${name(worker)}: the table refuses ${path}, the server answers all of ${reads.join(', ') || '(nothing read)'}`);
    expect(missed).toEqual([]);
  });
});

describe("the home's cards and the menus", () => {
  it('every call a card of the home makes is allowed, for every stage the home opens in and every account', () => {
    const refused = combos
      .filter((worker) => decide(HOME, worker).allow)
      .flatMap((worker) => {
        const who = accountOf({ newAccount: worker.new_account, statute: worker.statute });
        const details = (['empty', 'pending review', 'validated'] as const)[worker.details_status];
        const calls = summaryCalls(homeNoticesOf({ employeeDetailsStatus: details, emailHasBeenValidated: true }, who));
        return (Object.keys(calls) as SummaryCall[])
          .filter((call) => calls[call])
          .flatMap((call) => {
            const answer = guardOf(CARD_CALLS[call], worker);
            return answer ? [`${stageOf(worker)}, ${name(worker)}: ${call} → ${answer}`] : [];
          });
      });
    expect(refused).toEqual([]);
  });

  it("a card shows only what a page the table lets the account see holds, or the page's promise to a new account", () => {
    for (const worker of combos.filter((w) => stageOf(w) === 'open')) {
      const who = accountOf({ newAccount: worker.new_account, statute: worker.statute });
      for (const page of PAGES) {
        if (!('home' in page)) continue;
        const card = homeCards(who, false)[page.home.card];
        if (card === 'open') expect(decide(page.path, worker).allow, `${page.path}, ${name(worker)}`).toBe(true);
        if (card === 'afterApproval') expect(worker.new_account && !decide(page.path, worker).allow, `${page.path}, ${name(worker)}`).toBe(true);
      }
    }
  });

  it('every entry of a signed-in menu opens, past the gate', () => {
    for (const worker of combos.filter((w) => stageOf(w) === 'open')) {
      const who = accountOf({ newAccount: worker.new_account, statute: worker.statute });
      const entries = [...menuPages('main', who), ...menuPages('user', who)];
      expect(entries.filter((page) => !decide(page.path, worker).allow).map((page) => `${page.path}, ${name(worker)}`)).toEqual([]);
    }
  });
});

describe('the check fires', () => {
  it('on an open page whose read the server refuses, and on a refusal the server does not share', () => {
    // /digital-signing as the table had it: open to a new account, whose contracts to sign the server refuses.
    const newEmployee = workerIn('open', { statute: 1, new_account: true });
    expect(guardOf('getDocumentsToSign', newEmployee)).toBe('403 account_not_approved');
    // /user/manage-signature opens to a new account, and its read is allowed: a refusal there would be the table's alone.
    expect(guardOf('getSignature', newEmployee)).toBeNull();
    expect(decide('/user/manage-signature', newEmployee).allow).toBe(true);
  });
});
