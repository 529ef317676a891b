// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateField, SelectField, TextareaField, TextField } from '../../src/ui/field.tsx';
import { m } from '../../src/paraglide/messages.js';

const describedByText = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('TextField', () => {
  it('is labelled by its label and has no error state by default', () => {
    render(<TextField label="E-mail" name="email" />);
    const input = screen.getByLabelText('E-mail');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.getAttribute('name')).toBe('email');
  });

  it('ties the hint then the error to the control, with a hidden "Error:" before the message', () => {
    render(<TextField label="IBAN" hint="BE68 5390 0754 7034" error="IBAN invalide" />);
    const input = screen.getByLabelText('IBAN');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedByText(input)).toEqual(['BE68 5390 0754 7034', `${m.ui_errorPrefix()} IBAN invalide`]);
  });

  it('uses the id it is given (the error summary links to it) and marks optional fields', () => {
    render(<TextField id="details-bic" label="BIC" optional />);
    expect(screen.getByLabelText(`BIC ${m.ui_optional()}`).id).toBe('details-bic');
  });

  it('generates ids safe in a #fragment, unique per field', () => {
    render(
      <>
        <TextField label="A" />
        <TextField label="B" />
      </>,
    );
    const [a, b] = [screen.getByLabelText('A').id, screen.getByLabelText('B').id];
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
  });

  it('passes native props and events through (formisch spreads field.props)', async () => {
    const onChange = vi.fn();
    render(<TextField label="Prénom" name="firstName" autoComplete="given-name" onChange={onChange} />);
    const input = screen.getByLabelText('Prénom');
    await userEvent.type(input, 'Ada');
    expect(onChange).toHaveBeenCalledTimes(3);
    expect(input.getAttribute('autocomplete')).toBe('given-name');
  });
});

describe('DateField, SelectField, TextareaField', () => {
  it('DateField is a native date input with the same label and error wiring', () => {
    render(<DateField label="Début" error="Date requise" />);
    const input = screen.getByLabelText('Début');
    expect(input.getAttribute('type')).toBe('date');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('SelectField is a native select with its options and an optional placeholder', async () => {
    const onChange = vi.fn();
    render(
      <SelectField
        label="Langue"
        placeholder="Choisir"
        options={[
          { value: 'fr', label: 'Français' },
          { value: 'nl', label: 'Nederlands' },
        ]}
        onChange={onChange}
        error="Choix requis"
      />,
    );
    const select = screen.getByLabelText('Langue') as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect([...select.options].map((o) => o.text)).toEqual(['Choisir', 'Français', 'Nederlands']);
    await userEvent.selectOptions(select, 'nl');
    expect(select.value).toBe('nl');
    expect(describedByText(select)).toEqual([`${m.ui_errorPrefix()} Choix requis`]);
  });

  it('TextareaField wires its hint', () => {
    render(<TextareaField label="Commentaire" hint="250 caractères au plus" maxLength={250} />);
    const area = screen.getByLabelText('Commentaire');
    expect(area.tagName).toBe('TEXTAREA');
    expect(describedByText(area)).toEqual(['250 caractères au plus']);
  });
});
