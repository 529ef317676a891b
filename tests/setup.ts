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
  const { cleanup } = await import('@testing-library/react');
  const { afterEach } = await import('vitest');
  afterEach(() => cleanup());
}
