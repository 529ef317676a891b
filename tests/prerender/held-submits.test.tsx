// @vitest-environment jsdom
/**
 * A form submitted before the app runs (docs/decisions/224-held-submits.md), from the prerendered HTML to the hydrated
 * form: the build's HTML cannot submit natively, the entry holds what is submitted, the hydrated form adopts what was
 * typed and makes the held submit through its own handler, once; a form React replaced is forgotten.
 */
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { Field, getInput, useForm } from '@formisch/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginForm } from '#domain/auth-forms.ts';
import { HELD_SUBMIT, holdSubmits, isHolding, settleSubmits } from '../../src/prerender/held-submits.ts';
import { Button } from '../../src/ui/button.tsx';
import { Checkbox } from '../../src/ui/checkbox.tsx';
import { TextField } from '../../src/ui/field.tsx';
import { checkboxProps, textFieldProps, useValidatedSubmit } from '../../src/ui/form-kit.tsx';
import { Prerendering } from '../../src/ui/prerendering.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const IDS = { email: 'e', password: 'p', remember: 'r' } as const;
const LABELS = { email: () => 'E-mail', password: () => 'Password', remember: () => 'Remember' };

type Sent = { email: string; password: string; remember: boolean };
let store: ReturnType<typeof useForm<typeof loginForm>> | null = null;

function LoginLike({ onValid }: { onValid: (values: Sent) => void }) {
  const form = useForm({ schema: loginForm, initialInput: { email: '', password: '', remember: true } });
  store = form;
  const { formProps } = useValidatedSubmit(form, IDS, LABELS, onValid);
  return (
    <form {...formProps}>
      <Field of={form} path={['email']}>
        {(field) => <TextField {...textFieldProps(field)} id={IDS.email} label="E-mail" />}
      </Field>
      <Field of={form} path={['password']}>
        {(field) => <TextField {...textFieldProps(field)} id={IDS.password} label="Password" type="password" />}
      </Field>
      <Field of={form} path={['remember']}>
        {(field) => <Checkbox {...checkboxProps(field)} id={IDS.remember} label="Remember" />}
      </Field>
      <Button type="submit">{'Sign in'}</Button>
    </form>
  );
}

/** The page as the build writes it: the same tree, rendered with `Prerendering` on. */
function prerendered(onValid = vi.fn()) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <Prerendering value>
      <LoginLike onValid={onValid} />
    </Prerendering>,
  );
  document.body.append(container);
  const element = <Prerendering value={false}>{<LoginLike onValid={onValid} />}</Prerendering>;
  const byId = <T extends HTMLElement>(id: string) => container.querySelector<T>(`#${id}`)!;
  return { container, element, onValid, form: container.querySelector('form')!, button: container.querySelector('button')!, byId };
}

const type = (input: HTMLInputElement, value: string) => {
  input.value = value;
};

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  settleSubmits();
  document.body.innerHTML = '';
});

describe('the prerendered form', () => {
  it('cannot submit natively: its submit button is disabled and marked, the form posts', () => {
    const { form, button } = prerendered();
    expect(button.disabled).toBe(true);
    expect(button.hasAttribute(HELD_SUBMIT)).toBe(true);
    expect(form.method).toBe('post');
    // The app's own render has neither: only the build's HTML waits for the entry.
    const live = document.createElement('div');
    act(() => createRoot(live).render(<LoginLike onValid={vi.fn()} />));
    expect(live.querySelector('button')!.disabled).toBe(false);
    expect(live.querySelector('form')!.method).toBe('post');
  });
});

describe('held by the entry, made again by the hydrated form', () => {
  it('a submit before the app is cancelled and kept; once hydrated, the form sends what was typed, once', async () => {
    const page = prerendered();
    holdSubmits(window);
    expect(page.button.disabled).toBe(false);
    expect(page.button.hasAttribute(HELD_SUBMIT)).toBe(false);
    type(page.byId('e'), 'worker@example.com');
    type(page.byId('p'), 'portail-demo');
    page.byId<HTMLInputElement>('r').checked = false;

    const native = vi.fn();
    window.addEventListener('submit', native);
    page.form.requestSubmit();
    page.form.requestSubmit(page.button);
    expect(native).not.toHaveBeenCalled();
    expect(isHolding()).toBe(true);

    window.removeEventListener('submit', native);
    await act(async () => {
      root = hydrateRoot(page.container, page.element);
    });
    await vi.waitFor(() => expect(page.onValid).toHaveBeenCalledTimes(1));
    expect(page.onValid).toHaveBeenCalledWith({ email: 'worker@example.com', password: 'portail-demo', remember: false });
    expect(isHolding()).toBe(false);
  });

  it('typed but not submitted: the hydrated form holds the values, and nothing is sent', async () => {
    const page = prerendered();
    holdSubmits(window);
    type(page.byId('e'), 'typed@example.com');
    await act(async () => {
      root = hydrateRoot(page.container, page.element);
    });
    expect(getInput(store!, { path: ['email'] })).toBe('typed@example.com');
    expect(getInput(store!, { path: ['password'] })).toBe('');
    expect(page.onValid).not.toHaveBeenCalled();
    expect(isHolding()).toBe(false);
  });

  it('a page React renders afresh forgets the forms it replaced and stops holding', async () => {
    const page = prerendered();
    holdSubmits(window);
    type(page.byId('p'), 'portail-demo');
    page.form.requestSubmit();
    await act(async () => {
      root = createRoot(page.container);
      root.render(page.element);
    });
    settleSubmits();
    expect(isHolding()).toBe(false);
    expect(page.onValid).not.toHaveBeenCalled();
  });

  it('a page without a prerendered form holds nothing', () => {
    document.body.innerHTML = '<form><button type="submit">Go</button></form>';
    holdSubmits(window);
    expect(isHolding()).toBe(false);
  });
});
