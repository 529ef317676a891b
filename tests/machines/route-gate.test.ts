import { describe, expect, it } from 'vitest';
import type { Account } from '#domain/accounts.ts';
import { gateStageOf, isPublicPath, type GateInfo } from '../../machines/page-access.ts';
import { routeGate as judge, safeReturnUrl, type AccessFacts, type GateDecision, type GateRoute } from '../../machines/route-gate.ts';

/** The session facts of spec §5: signed out, or the info's policies and details status. */
type GateFacts = { signedIn: false } | ({ signedIn: true } & GateInfo);
/** An approved employee: no page refuses them (the accounts of §6 are tests/machines/page-access.test.ts'). */
const EMPLOYEE: Account = { newAccount: false, freelancer: false };
/** The facts as the session gives them to the router: the stage of the gate's rules for that info. */
const factsOf = (facts: GateFacts): AccessFacts => ({ stage: facts.signedIn ? gateStageOf(facts) : 'signedOut', account: EMPLOYEE });
const routeGate = (route: GateRoute, facts: GateFacts): GateDecision => judge(route, factsOf(facts));

/** Every page of spec §2 the gate runs on. */
const GUARDED = [
  '/',
  '/home',
  '/policies',
  '/documents',
  '/employee-details',
  '/availabilities',
  '/user/reset-password',
  '/user/manage-signature',
  '/digital-signing',
  '/planning',
  '/dummy',
] as const;
/** Open to anyone, signed in or not (the login too, signed out: below). */
const PUBLIC = ['/register', '/reset-password', '/impersonate', '/redirect/validate-email'] as const;

const FACTS = {
  signedOut: { signedIn: false },
  policiesMissing: { signedIn: true, policiesAgreed: false, detailsStatus: 'validated' },
  emptyInfo: { signedIn: true, policiesAgreed: false, detailsStatus: null },
  detailsEmpty: { signedIn: true, policiesAgreed: true, detailsStatus: 'empty' },
  detailsPending: { signedIn: true, policiesAgreed: true, detailsStatus: 'pending review' },
  open: { signedIn: true, policiesAgreed: true, detailsStatus: 'validated' },
  openWithoutStatus: { signedIn: true, policiesAgreed: true, detailsStatus: null },
} as const satisfies Record<string, GateFacts>;

const ALLOW: GateDecision = { allow: true };
const toPolicies: GateDecision = { allow: false, redirect: '/policies', warning: 'general_policiesNotAgreedTo' };
const toDetails: GateDecision = { allow: false, redirect: '/employee-details', warning: 'general_employeeDetailsNotComplete' };
const toHome: GateDecision = { allow: false, redirect: '/home', warning: 'general_employeeDetailsAreBeingReviewed', refreshInfo: true };

/** The expected answer for every guarded page in every session state: the allowed paths are listed explicitly. */
const EXPECTED: Record<keyof typeof FACTS, (path: string) => GateDecision> = {
  signedOut: (path) => ({ allow: false, redirect: '/login', rememberReturnUrl: path }),
  policiesMissing: (path) => (path === '/policies' ? ALLOW : toPolicies),
  emptyInfo: (path) => (path === '/policies' ? ALLOW : toPolicies),
  detailsEmpty: (path) => (['/policies', '/employee-details', '/home'].includes(path) ? ALLOW : toDetails),
  detailsPending: (path) => (path === '/employee-details' ? toHome : ALLOW),
  open: () => ALLOW,
  openWithoutStatus: () => ALLOW,
};

describe('routeGate: every guarded page in every session state', () => {
  for (const [state, facts] of Object.entries(FACTS) as Array<[keyof typeof FACTS, GateFacts]>) {
    it.each(GUARDED)(`${state}: %s`, (path) => {
      expect(routeGate({ pathname: path, href: path }, facts)).toEqual(EXPECTED[state](path));
    });
    it.each(PUBLIC)(`${state}: public page %s is always allowed`, (path) => {
      expect(routeGate({ pathname: path, href: path }, facts)).toEqual(ALLOW);
    });
  }
});

describe("routeGate: a signed-in worker asking for the login goes on (the table's whenSignedIn)", () => {
  const signedIn = Object.entries(FACTS).filter(([, facts]) => facts.signedIn);
  it('signed out, the login opens, whatever it was asked with', () => {
    expect(routeGate({ pathname: '/login', href: '/login?redirect=%2Fplanning', returnUrl: '/planning' }, FACTS.signedOut)).toEqual(ALLOW);
  });
  it.each(signedIn)('%s: home, or the page a forced login was to return to, as written', (_, facts) => {
    expect(routeGate({ pathname: '/login', href: '/login' }, facts)).toEqual({ allow: false, redirect: '/home', asWritten: true });
    expect(routeGate({ pathname: '/Login/', href: '/Login/', returnUrl: '/planning?month=5#w2' }, facts)).toEqual({
      allow: false,
      redirect: '/planning?month=5#w2',
      asWritten: true,
    });
  });
  it.each(['//evil.example', 'https://evil.example/', '/\\evil.example', 42, undefined])(
    'a return URL that is not a same-origin path (%s): home',
    (returnUrl) => {
      expect(routeGate({ pathname: '/login', href: '/login', returnUrl }, FACTS.open)).toEqual({ allow: false, redirect: '/home', asWritten: true });
    },
  );
});

describe('routeGate: the order of the rules', () => {
  it('rule 2 before rule 3: an empty file does not open /employee-details while the policies are missing', () => {
    const facts: GateFacts = { signedIn: true, policiesAgreed: false, detailsStatus: 'empty' };
    expect(routeGate({ pathname: '/employee-details', href: '/employee-details' }, facts)).toEqual(toPolicies);
    expect(routeGate({ pathname: '/home', href: '/home' }, facts)).toEqual(toPolicies);
    expect(routeGate({ pathname: '/policies', href: '/policies' }, facts)).toEqual(ALLOW);
  });

  it('rule 2 before rule 4: policies first even when the file is under review', () => {
    const facts: GateFacts = { signedIn: true, policiesAgreed: false, detailsStatus: 'pending review' };
    expect(routeGate({ pathname: '/employee-details', href: '/employee-details' }, facts)).toEqual(toPolicies);
  });

  it('rule 1 before everything: the return URL keeps search and hash', () => {
    const href = '/availabilities?year=2026&month=5#week-2';
    expect(routeGate({ pathname: '/availabilities', href }, FACTS.signedOut)).toEqual({
      allow: false,
      redirect: '/login',
      rememberReturnUrl: href,
    });
  });

  it('rule 1 does not remember a return URL that is not a same-origin path', () => {
    expect(routeGate({ pathname: '/home', href: '//evil.example/home' }, FACTS.signedOut)).toEqual({ allow: false, redirect: '/login' });
  });
});

describe('routeGate: paths are compared as the router matches them', () => {
  it.each(['/Employee-Details', '/employee-details/', '/EMPLOYEE-DETAILS//'])('rule 4 catches %s', (path) => {
    expect(routeGate({ pathname: path, href: path }, FACTS.detailsPending)).toEqual(toHome);
  });
  it.each(['/Policies', '/policies/'])('rule 2 allows %s', (path) => {
    expect(routeGate({ pathname: path, href: path }, FACTS.policiesMissing)).toEqual(ALLOW);
  });
  it('any path containing "redirect" is public (§2)', () => {
    expect(isPublicPath('/redirect/validate-email')).toBe(true);
    expect(isPublicPath('/redirect/anything')).toBe(true);
    expect(isPublicPath('/LOGIN/')).toBe(true);
    expect(isPublicPath('/logins')).toBe(false);
    expect(isPublicPath('/user/reset-password')).toBe(false);
  });
});

describe('safeReturnUrl', () => {
  it.each([
    '/',
    '/home',
    '/planning?complete=1',
    '/availabilities?year=2026&month=05#w2',
    '/documents?file=mon%20contrat.pdf',
    '/a/b/%2F%2Fstill-a-path',
    '/digital-signing?x=%C3%A9t%C3%A9',
  ])('accepts the same-origin path %s', (url) => {
    expect(safeReturnUrl(url)).toBe(url);
  });

  it.each([
    ['scheme-relative', '//evil.example'],
    ['scheme-relative with path', '//evil.example/home'],
    ['backslash', '/\\evil.example'],
    ['backslash later', '/home\\..\\evil'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: after a slash-less space', ' javascript:alert(1)'],
    ['encoded slashes without a leading slash', '%2F%2Fevil.example'],
    ['encoded slashes after the first', '/%2F%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['double-encoded slashes', '/%252F%252Fevil.example'],
    ['tab trick', '/\t/evil.example'],
    ['newline trick', '/\n/evil.example'],
    ['carriage return', '/home\r'],
    ['encoded tab trick', '/%09/evil.example'],
    ['NUL', '/home\u0000'],
    ['absolute http', 'https://evil.example/home'],
    ['absolute same host still absolute', 'http://localhost/home'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['relative', 'home'],
    ['empty', ''],
    ['broken escape', '/home%E0%A4%A'],
    ['too long', `/${'a'.repeat(2048)}`],
  ])('refuses %s', (_why, url) => {
    expect(safeReturnUrl(url)).toBeNull();
  });

  it.each([null, undefined, 42, { href: '/home' }])('refuses the non-string %s', (value) => {
    expect(safeReturnUrl(value)).toBeNull();
  });
});
