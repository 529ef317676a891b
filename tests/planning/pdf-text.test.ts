/** The PDF text helper against the server's own PDF writer (the planning export of decision 013). */
import { describe, expect, it } from 'vitest';
import { planningPdf } from '../../server/pdf/documents.ts';
import type { Mission } from '../../server/services/missions.ts';
import { isPdf, pdfStrings, pdfText } from '../support/pdf-text.ts';

const mission = (id: string, reference: string, date: string): Mission =>
  ({
    id,
    worker_id: 'w1',
    job: 'job-7',
    date,
    start: '09:00',
    end: '17:30',
    reference,
    km: 0,
    short_location: 'Expo',
    location1: 'Place de Belgique 1',
    location2: '1020 Bruxelles',
    briefing: '',
    allow_print: true,
    signing_requested: false,
    contract_sha256: '',
  }) as Mission;

describe('pdfText', () => {
  it('reads the words pdf-lib draws, accents included, in order', async () => {
    const bytes = await planningPdf(
      { first_name: 'Anne', last_name: 'Dupont', email: 'anne@example.be', locale: 'fr' },
      [mission('m1', 'REF-ÉTÉ-1', '2026-07-01'), mission('m2', 'REF (2)', '2026-07-03')],
      new Date('2026-06-01T10:00:00Z'),
    );
    expect(isPdf(bytes)).toBe(true);
    const strings = pdfStrings(bytes);
    expect(strings).toContain('REF-ÉTÉ-1');
    expect(strings).toContain('REF (2)');
    expect(strings).toContain('Anne Dupont');
    expect(strings.indexOf('REF-ÉTÉ-1')).toBeLessThan(strings.indexOf('REF (2)'));
    expect(pdfText(bytes)).toMatch(/^Mon planning$/m);
  });

  it('finds nothing in what is not a PDF with text', () => {
    expect(isPdf(new TextEncoder().encode('<html>'))).toBe(false);
    expect(pdfStrings(new TextEncoder().encode('%PDF-1.7\n%%EOF'))).toEqual([]);
  });
});
