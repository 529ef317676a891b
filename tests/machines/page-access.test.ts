/**
 * The page-access table (machines/page-access.ts): the accounts of spec §6 on every page, written out by hand;
 * the table's own consistency (no stage sends where it does not open, one entry per menu place); the session
 * machine drawing the same gate stages as the table; and no consumer holding its own copy of it.
 * (tests/shell/page-table.test.tsx adds a page to the table and watches the gate, the router and the menu follow.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Account } from '#domain/accounts.ts';
import { normalizePath } from '#domain/page-path.ts';
import { ANYONE, GATE_RULES, PAGES, gateStageOf, menuPages, pageOf, type GateStage } from '../../machines/page-access.ts';
import { routeGate } from '../../machines/route-gate.ts';
import { sessionMachine } from '../../machines/session.machine.ts';

const ACCOUNTS = {
  employee: { newAccount: false, freelancer: false },
  freelancer: { newAccount: false, freelancer: true },
  newEmployee: { newAccount: true, freelancer: false },
  newFreelancer: { newAccount: true, freelancer: true },
} as const satisfies Record<string, Account>;

const notApproved = { allow: false, redirect: '/home', warning: 'apiError_account_not_approved' };
const freelance = { allow: false, redirect: '/home', warning: 'apiError_freelance_not_allowed' };
const noSignature = { allow: false, redirect: '/home', warning: 'signature_notForFreelancers' };
const allow = { allow: true };

/** Spec §6, past the gate (stage `open`): what each account gets on each page (the first refusal that applies). */
const EXPECTED: Record<string, Record<keyof typeof ACCOUNTS, object>> = {
  '/availabilities': { employee: allow, freelancer: allow, newEmployee: notApproved, newFreelancer: notApproved },
  '/planning': { employee: allow, freelancer: allow, newEmployee: notApproved, newFreelancer: notApproved },
  '/offers': { employee: allow, freelancer: allow, newEmployee: notApproved, newFreelancer: notApproved },
  '/absence': { employee: allow, freelancer: allow, newEmployee: notApproved, newFreelancer: notApproved },
  '/documents': { employee: allow, freelancer: freelance, newEmployee: notApproved, newFreelancer: notApproved },
  '/hours': { employee: allow, freelancer: allow, newEmployee: notApproved, newFreelancer: notApproved },
  '/Documents/': { employee: allow, freelancer: freelance, newEmployee: notApproved, newFreelancer: notApproved },
  '/user/manage-signature': { employee: allow, freelancer: noSignature, newEmployee: allow, newFreelancer: noSignature },
  // The server lists contracts to sign to approved workers only (tests/server/guards-and-page-access.test.ts).
  '/digital-signing': { employee: allow, freelancer: noSignature, newEmployee: notApproved, newFreelancer: noSignature },
  '/home': { employee: allow, freelancer: allow, newEmployee: allow, newFreelancer: allow },
  '/employee-details': { employee: allow, freelancer: allow, newEmployee: allow, newFreelancer: allow },
  '/user/reset-password': { employee: allow, freelancer: allow, newEmployee: allow, newFreelancer: allow },
  '/notifications': { employee: allow, freelancer: allow, newEmployee: allow, newFreelancer: allow },
  '/notification-settings': { employee: allow, freelancer: allow, newEmployee: allow, newFreelancer: allow },
  '/documentsx': { employee: allow, freelancer: allow, newEmployee: allow, newFreelancer: allow },
  '/': { employee: allow, freelancer: allow, newEmployee: allow, newFreelancer: allow },
};

describe('the accounts of §6, once the gate lets the worker through', () => {
  for (const [path, byAccount] of Object.entries(EXPECTED)) {
    it.each(Object.entries(ACCOUNTS))(`${path}: %s`, (name, account) => {
      expect(routeGate({ pathname: path, href: path }, { stage: 'open', account })).toEqual(byAccount[name as keyof typeof ACCOUNTS]);
    });
  }

  it('the gate comes first: a new account on /planning with an empty file is sent to the details, not home', () => {
    expect(routeGate({ pathname: '/planning', href: '/planning' }, { stage: 'detailsRequired', account: ACCOUNTS.newFreelancer })).toEqual({
      allow: false,
      redirect: '/employee-details',
      warning: 'general_employeeDetailsNotComplete',
    });
  });
});

describe('the table holds together', () => {
  it('lists each path once, written as the one normaliser gives it', () => {
    const paths = PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(normalizePath(path)).toBe(path);
  });

  it('every stage sends a refused page to one that opens in that stage (no redirect loop)', () => {
    for (const rule of GATE_RULES) expect(pageOf(rule.sendTo).opensIn, rule.stage).toContain(rule.stage);
    expect(pageOf('/login').opensIn).toContain('signedOut');
  });

  it('a refused account is sent to a page it may open', () => {
    for (const page of PAGES) {
      for (const refusal of 'refuses' in page ? page.refuses : []) {
        const account = { newAccount: refusal.who === 'newAccount', freelancer: refusal.who === 'freelancer' };
        expect(routeGate({ pathname: refusal.sendTo, href: refusal.sendTo }, { stage: 'open', account }), `${page.path} → ${refusal.sendTo}`).toEqual(allow);
      }
    }
  });

  it('public pages refuse nobody and are in no signed-in menu', () => {
    for (const page of PAGES.filter((p) => p.opensIn === ANYONE)) {
      expect('refuses' in page, page.path).toBe(false);
      if ('menu' in page) expect(page.menu.in).toBe('signedOut');
    }
  });

  it('one order per entry within a menu', () => {
    for (const place of ['main', 'user', 'signedOut'] as const) {
      const orders = PAGES.flatMap((page) => ('menu' in page && page.menu.in === place ? [page.menu.order] : []));
      expect(new Set(orders).size, place).toBe(orders.length);
    }
  });

  it('the menus, per account, in order', () => {
    const paths = (place: 'main' | 'user' | 'signedOut', account: Account | null) => menuPages(place, account).map((page) => page.path);
    expect(paths('signedOut', null)).toEqual(['/login', '/register', '/reset-password']);
    expect(paths('main', ACCOUNTS.employee)).toEqual([
      '/home',
      '/availabilities',
      '/planning',
      '/offers',
      '/hours',
      '/documents',
      '/conversations',
      '/employee-details',
    ]);
    expect(paths('main', ACCOUNTS.freelancer)).toEqual(['/home', '/availabilities', '/planning', '/offers', '/hours', '/conversations', '/employee-details']);
    expect(paths('main', ACCOUNTS.newEmployee)).toEqual(['/home', '/conversations', '/employee-details']);
    expect(paths('user', ACCOUNTS.employee)).toEqual(['/user/reset-password', '/notification-settings', '/user/manage-signature']);
    expect(paths('user', ACCOUNTS.freelancer)).toEqual(['/user/reset-password', '/notification-settings']);
    expect(paths('user', ACCOUNTS.newEmployee)).toEqual(['/user/reset-password', '/notification-settings']);
  });
});

describe('the session machine draws the stages of the table', () => {
  it('has one signed-in state per stage of the gate rules, plus open', () => {
    const states = Object.keys(sessionMachine.config.states?.signedIn?.states ?? {});
    const stages: GateStage[] = [...GATE_RULES.map((rule) => rule.stage), 'open'];
    for (const stage of stages) expect(states).toContain(stage);
  });

  it('the rules apply in the order of spec §5: the first that holds decides', () => {
    expect(gateStageOf({ policiesAgreed: false, detailsStatus: 'empty' })).toBe('policiesRequired');
    expect(gateStageOf({ policiesAgreed: false, detailsStatus: 'pending review' })).toBe('policiesRequired');
    expect(gateStageOf({ policiesAgreed: true, detailsStatus: 'empty' })).toBe('detailsRequired');
    expect(gateStageOf({ policiesAgreed: true, detailsStatus: 'pending review' })).toBe('detailsUnderReview');
    expect(gateStageOf({ policiesAgreed: true, detailsStatus: 'validated' })).toBe('open');
    expect(gateStageOf({ policiesAgreed: true, detailsStatus: null })).toBe('open');
  });
});

/**
 * The files that decide or show access; none may name a gated page of the table (a page listed there, or a
 * stage's or refusal's destination): they ask the table. The session's selectors (session.selectors.ts) and the
 * entry's early calls (src/early-calls.ts) name the page they are about to ask the table whether it opens, so those
 * files are not among these.
 */
const READERS = [
  'machines/route-gate.ts',
  'machines/session.machine.ts',
  'src/router.tsx',
  'src/routes/__root.tsx',
  'src/routes/-gate.ts',
  'src/routes/login.tsx',
  'src/features/home/summary-calls.ts',
  'src/routes/-home-summary.ts',
  'src/prerender/pages.ts',
  'src/prerender/mount.ts',
  'src/features/shell/menu-items.ts',
  'src/features/shell/main-menu.tsx',
  'src/features/shell/user-menu.tsx',
  'src/features/shell/session-bridge.tsx',
  'src/features/shell/session-view.tsx',
];

describe('each consumer reads the table, not a copy of it', () => {
  const gated: string[] = PAGES.filter((page) => page.opensIn !== ANYONE).map((page) => page.path);
  it.each(READERS)('%s names no gated page', (file) => {
    const source = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    const literals = [...source.matchAll(/(['"`])(\/[^'"`\s]*)\1/g)].map((match) => match[2]!);
    expect(literals.filter((literal) => gated.includes(normalizePath(literal)))).toEqual([]);
  });

  it('the scan would see one', () => {
    expect([...`to: '/planning'`.matchAll(/(['"`])(\/[^'"`\s]*)\1/g)].map((match) => match[2])).toEqual(['/planning']);
  });
});
