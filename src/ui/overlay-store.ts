/**
 * The shared loading overlay (spec §2): on while anyone holds it. `acquire()` returns the matching release
 * (calling it twice is harmless), so overlapping loads (saving then reloading a month) never switch it off early.
 */
export type OverlayStore = {
  acquire: () => () => void;
  isActive: () => boolean;
  subscribe: (listener: () => void) => () => void;
};

export function createOverlayStore(): OverlayStore {
  let holders = 0;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    acquire() {
      holders += 1;
      if (holders === 1) notify();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holders -= 1;
        if (holders === 0) notify();
      };
    },
    isActive: () => holders > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Runs `work` with the overlay on. */
export async function withOverlay<T>(store: OverlayStore, work: () => Promise<T>): Promise<T> {
  const release = store.acquire();
  try {
    return await work();
  } finally {
    release();
  }
}

/** The portal's overlay. */
export const overlay: OverlayStore = createOverlayStore();
