// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from '../../src/ui/checkbox.tsx';
import { m } from '../../src/paraglide/messages.js';

function Controlled({ onChange }: { onChange: (v: boolean) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox
      label="J'accepte le règlement"
      hint="Lisez-le d'abord"
      error={checked ? undefined : 'Obligatoire'}
      checked={checked}
      onCheckedChange={(c) => {
        setChecked(c === true);
        onChange(c === true);
      }}
    />
  );
}

describe('Checkbox', () => {
  it('toggles from its label, by click and by Space, and reports the error until checked', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: "J'accepte le règlement" });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(
      box
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual(["Lisez-le d'abord", `${m.ui_errorPrefix()} Obligatoire`]);
    await userEvent.click(screen.getByText("J'accepte le règlement"));
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(box.getAttribute('aria-invalid')).toBeNull();
    box.focus();
    await userEvent.keyboard(' ');
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([true, false]);
  });
});
