// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorSummary } from '../../src/ui/error-summary.tsx';
import { TextField } from '../../src/ui/field.tsx';
import { m } from '../../src/paraglide/messages.js';

const errors = [
  { fieldId: 'email', message: 'Indiquez votre e-mail' },
  { fieldId: 'password', message: 'Indiquez votre mot de passe' },
];

function Form({ shown, focusKey }: { shown: boolean; focusKey?: number }) {
  return (
    <form>
      <ErrorSummary errors={shown ? errors : []} focusKey={focusKey} />
      <TextField id="email" label="E-mail" />
      <TextField id="password" label="Mot de passe" />
    </form>
  );
}

describe('ErrorSummary (GOV.UK pattern)', () => {
  it('renders nothing without errors', () => {
    render(<Form shown={false} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes the focus when shown, with an alert holding the title and one link per problem', () => {
    const { rerender } = render(<Form shown={false} />);
    rerender(<Form shown />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2 }).textContent).toBe(m.ui_errorSummaryTitle());
    expect(document.activeElement).toBe(alert.parentElement);
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['#email', '#password']);
  });

  it('a link scrolls the label into view and focuses its field', async () => {
    const scrolled: Element[] = [];
    const spy = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this);
    });
    render(<Form shown />);
    await userEvent.click(screen.getByRole('link', { name: 'Indiquez votre mot de passe' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Mot de passe'));
    expect(scrolled).toEqual([screen.getByText('Mot de passe')]);
    spy.mockRestore();
  });

  it('takes the focus again on the next submit (focusKey), not while the worker types', () => {
    const { rerender } = render(<Form shown focusKey={1} />);
    screen.getByLabelText('E-mail').focus();
    rerender(<Form shown focusKey={1} />);
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    rerender(<Form shown focusKey={2} />);
    expect(document.activeElement).toBe(screen.getByRole('alert').parentElement);
  });
});
