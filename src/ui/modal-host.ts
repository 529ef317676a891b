/**
 * The open modal dialog, if any. A modal `<dialog>` makes everything outside it inert: a toast raised while one is
 * open (a refused save) would be neither readable by a screen reader nor closable. The toaster renders into the
 * topmost open dialog instead (src/ui/toaster.tsx).
 */
type Listener = () => void;

function createModalHost() {
  let stack: HTMLElement[] = [];
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    /** The dialog opened; returns its leave function. */
    enter(element: HTMLElement): () => void {
      stack = [...stack, element];
      emit();
      return () => {
        stack = stack.filter((e) => e !== element);
        emit();
      };
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The topmost open modal dialog, or null. */
    current: (): HTMLElement | null => stack.at(-1) ?? null,
  };
}

export const modalHost = createModalHost();
