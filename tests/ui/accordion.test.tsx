// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Accordion } from '../../src/ui/accordion.tsx';

const sections = [
  { value: 'payslips', title: 'Fiches de paie', content: <p>{'Janvier 2026'}</p> },
  { value: 'fiscal', title: 'Fiches fiscales', content: <p>{'2025'}</p> },
];

describe('Accordion', () => {
  it('puts each trigger in a heading of the chosen level, closed by default', () => {
    render(<Accordion sections={sections} headingLevel={3} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Fiches de paie', 'Fiches fiscales']);
    expect(screen.getByRole('button', { name: 'Fiches de paie' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Janvier 2026')).toBeNull();
  });

  it('opens several sections at once, by click and by keyboard', async () => {
    render(<Accordion sections={sections} />);
    await userEvent.click(screen.getByRole('button', { name: 'Fiches de paie' }));
    screen.getByRole('button', { name: 'Fiches fiscales' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Fiches de paie' }).textContent).toBe('Janvier 2026');
    expect(screen.getByRole('region', { name: 'Fiches fiscales' }).textContent).toBe('2025');
    expect(screen.getByRole('button', { name: 'Fiches de paie' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('can start with sections open', () => {
    render(<Accordion sections={sections} defaultOpen={['fiscal']} />);
    expect(screen.getByRole('region', { name: 'Fiches fiscales' }).textContent).toBe('2025');
    expect(screen.getByRole('button', { name: 'Fiches fiscales' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByText('Janvier 2026')).toBeNull();
  });
});
