// How the PostgreSQL adapter tells a lost database from a failed statement, and how it waits for the database's
// return (server/storage/availability.ts). The outage itself, on a real cluster: tests/reliability/database-outage.pg.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { availability, isConnectionError } from '../../server/storage/availability.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('a connection error', () => {
  it('is a terminated session, a server shutting down or starting up, a socket that failed', () => {
    for (const error of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P02'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      pgError('53300', 'too many connections'),
      pgError('ECONNREFUSED'),
      pgError('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
    ])
      expect(isConnectionError(error), error.message).toBe(true);
  });

  it('is not a statement’s own failure', () => {
    for (const error of [pgError('23505', 'duplicate key'), pgError('22007', 'invalid date'), pgError('40001'), new Error('boom'), 'text'])
      expect(isConnectionError(error)).toBe(false);
  });
});

describe('availability', () => {
  afterEach(() => vi.useRealTimers());

  it('marks the database away once, probes until it answers, then wakes the waiting statements', async () => {
    vi.useFakeTimers();
    const events: string[] = [];
    let answers = false;
    let probes = 0;
    const state = availability(
      async () => {
        probes++;
        if (!answers) throw new Error('refused');
      },
      { unavailable: (reason) => events.push(`away: ${reason}`), available: (ms) => events.push(`back after ${ms}`) },
      200,
    );
    expect(state.up).toBe(true);
    expect(await state.waitUp(0)).toBe(true);
    state.markDown('57P01 terminating');
    state.markDown('again');
    expect(state.up).toBe(false);
    const late = state.waitUp(300);
    const patient = state.waitUp(5_000);
    await vi.advanceTimersByTimeAsync(300);
    expect(await late).toBe(false);
    answers = true;
    await vi.advanceTimersByTimeAsync(200);
    expect(await patient).toBe(true);
    expect(state.up).toBe(true);
    expect(probes).toBeGreaterThanOrEqual(3);
    expect(events).toEqual(['away: 57P01 terminating', expect.stringMatching(/^back after \d+$/)]);
    state.close();
  });
});
