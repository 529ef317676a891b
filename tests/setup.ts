export {};
// Shared vitest setup. Component tests opt into jsdom with `// @vitest-environment jsdom`.
export {};
if (typeof window !== 'undefined') {
  // jsdom lacks these; Radix primitives (Checkbox, Popper) call them.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  window.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView() {};
  window.HTMLElement.prototype.hasPointerCapture ??= () => false;
  window.HTMLElement.prototype.releasePointerCapture ??= () => {};
  window.scrollTo = () => {};
  // jsdom has <dialog> but not its modal methods: open it and focus its first control as browsers do (the inert
  // page behind is the browser's, checked by the e2e suite; src/ui/dialog.tsx keeps Tab inside itself).
  window.HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>('button:not(:disabled), input:not(:disabled), a[href], select, textarea, [tabindex]:not([tabindex="-1"])')?.focus();
  };
  window.HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  const { cleanup } = await import('@testing-library/react');
  const { afterEach } = await import('vitest');
  afterEach(() => cleanup());
}
