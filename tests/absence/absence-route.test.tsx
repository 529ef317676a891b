// @vitest-environment jsdom
/**
 * /absence?mission=<id> says at once when there is nothing to report, before any form (decision 227): a mission
 * that has ended or that the agency cancelled, in the words the server would answer a report with; a report that
 * stands for such a mission still shows its receipt; a mission to come opens the form.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { AbsenceReport, PlanningItem } from '#domain/api-schema.ts';
import { m } from '../../src/paraglide/messages.js';
import { HOME_ANSWERS, renderApp } from '../support/render-app.tsx';
import { REPORT_DUE } from '../machines/fixtures/absence-report.ts';

afterEach(cleanup);

const employee = { signedIn: true as const, username: 'Ada Lovelace', newAccount: false, statute: 1 as const };
const item = (mission: string, date: string, more: Partial<PlanningItem> = {}): PlanningItem => ({
  mission,
  date,
  start: '08:00',
  end: '16:00',
  status: 'planned',
  absence: null,
  lastChange: null,
  shortLocation: 'Gare du Midi',
  location1: '',
  location2: '',
  reference: `REF-${mission}`,
  briefing: '',
  ...more,
});
const open = (mission: string, planning: PlanningItem[], reports: AbsenceReport[] = []) =>
  renderApp({
    path: `/absence?mission=${mission}`,
    view: employee,
    answers: { ...HOME_ANSWERS, 'GET /api/user/me/upcoming-planning': planning, 'GET /api/user/me/absences': reports },
  });

describe('/absence for a mission there is nothing left to report', () => {
  it('an ended mission says so, with no form', async () => {
    await open('mDone', [item('mDone', '2020-01-06')]);
    expect((await screen.findByText(m.apiError_absence_mission_ended())).dataset.unavailable).toBe('ended');
    expect(screen.queryByRole('group', { name: m.absence_reasonLegend() })).toBeNull();
  });

  it('a cancelled mission says so, with no form', async () => {
    await open('mOff', [item('mOff', '2099-01-05', { status: 'cancelled' })]);
    expect((await screen.findByText(m.apiError_absence_mission_cancelled())).dataset.unavailable).toBe('cancelled');
  });

  it('a report that stands for an ended mission still shows its receipt', async () => {
    const report = { ...REPORT_DUE, id: 'rOld', mission: { ...REPORT_DUE.mission, mission: 'mDone', date: '2020-01-06' } };
    const mark = { report: 'rOld', reportedAt: report.reportedAt, certificate: 'due' as const, certificateLastDay: '2020-01-08' };
    await open('mDone', [item('mDone', '2020-01-06', { absence: mark })], [report]);
    expect(await screen.findByRole('heading', { name: m.absence_receiptTitle() })).not.toBeNull();
  });

  it('a mission to come opens the form', async () => {
    await open('mNext', [item('mNext', '2099-01-05')]);
    expect(await screen.findByRole('group', { name: m.absence_reasonLegend() })).not.toBeNull();
  });
});
