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
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy…/waitFor give up after 1 s by default. The first render of a test file loads its route chunks through
  // Vite's transform, which took over a second on a loaded 2-core CI machine (tests/shell/routes.test.tsx, /login,
  // 2026-11-24): wait up to 5 s for what does appear. Absence is asserted with queryBy…, which never waits.
  configure({ asyncUtilTimeout: 5_000 });
  const { afterEach } = await import('vitest');
  afterEach(() => cleanup());
}
