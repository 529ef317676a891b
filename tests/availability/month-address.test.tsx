// @vitest-environment jsdom
/**
 * A `year`/`month` the availabilities screen cannot show is replaced in the address (history replace) by
 * the month it shows; a readable address is left as it is.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';

const approved = { signedIn: true as const, username: 'Ada Lovelace', newAccount: false, statute: 1 as const };
const [YEAR, MONTH] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit' })
  .format(new Date())
  .split('-')
  .map(Number) as [number, number];

describe('/availabilities with a bad year or month in the address', () => {
  it.each([
    ['?month=13', { year: YEAR, month: MONTH }],
    ['?year=abc', { year: YEAR, month: MONTH }],
    ['?year=abc&month=5', { year: YEAR, month: 5 }],
    ['?year=1999&month=5', { year: YEAR, month: MONTH }],
    ['?year=2026&month=0', { year: YEAR, month: MONTH }],
  ])('%s becomes the month shown, without a new history entry', async (query, shown) => {
    const { router } = await renderApp({ path: `/availabilities${query}`, view: approved });
    await waitFor(() => expect(router.state.location.search).toEqual(shown));
    expect(router.state.location.pathname).toBe('/availabilities');
    expect(router.history.length).toBe(1);
  });

  it.each([
    ['', {}],
    ['?month=5', { month: 5 }],
    [`?year=${YEAR}&month=${MONTH}`, { year: YEAR, month: MONTH }],
  ])('a readable address "%s" stays as it is', async (query, search) => {
    const { router } = await renderApp({ path: `/availabilities${query}`, view: approved });
    expect(router.state.location.search).toEqual(search);
  });
});
