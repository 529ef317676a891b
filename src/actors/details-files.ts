/**
 * The images the worker chose in the details wizard, kept outside the machine (a File has no place in a
 * statechart's context) and outside the forms, for the whole visit: a failed save or upload, Back, Next or a
 * language switch never drops one. Per upload kind: the File, its preview (an object URL, revoked when the file
 * is replaced, removed or the wizard closes), and how its upload went (progress 0–1, sent, refused and why).
 * A choice is checked before anything is sent (type and size, src/domain/details-images.ts); a refused choice
 * keeps no file and says why until the worker chooses again or removes it.
 */
import type { UploadKind } from '../../machines/details-wizard.machine.ts';
import { checkChosenImage } from '../domain/details-images.ts';
import type { ValidationKey } from '../domain/validation-keys.ts';

export type ChosenImage = {
  file: File;
  previewUrl: string | null;
  status: 'chosen' | 'uploading' | 'uploaded' | 'failed';
  /** 0–1 while uploading. */
  progress: number;
  /** Why the server refused it (its message, already in the worker's language). */
  failure?: string;
};
export type ImageSlot = { image?: ChosenImage; refused?: { name: string; reason: ValidationKey } };
export type ChosenImagesSnapshot = Readonly<Partial<Record<UploadKind, ImageSlot>>>;

export type ChosenImages = {
  /** Checks and keeps a chosen file; returns why it was refused, or null. */
  choose: (kind: UploadKind, file: File) => ValidationKey | null;
  remove: (kind: UploadKind) => void;
  get: (kind: UploadKind) => ImageSlot;
  /** The kinds among `kinds` with a file that has not reached the server yet. */
  toUpload: (kinds: readonly UploadKind[]) => UploadKind[];
  uploading: (kind: UploadKind) => void;
  progress: (kind: UploadKind, fraction: number) => void;
  uploaded: (kind: UploadKind) => void;
  failed: (kind: UploadKind, reason: string) => void;
  getSnapshot: () => ChosenImagesSnapshot;
  subscribe: (listener: () => void) => () => void;
  /** Revokes every preview (the wizard closes). */
  dispose: () => void;
};

type UrlApi = { createObjectURL?: (file: Blob) => string; revokeObjectURL?: (url: string) => void };
/** Resolves when the browser can show the file as an image, rejects otherwise. */
export type Decode = (file: Blob) => Promise<void>;
const browserDecode: Decode | undefined =
  typeof globalThis.createImageBitmap === 'function' ? (file) => createImageBitmap(file).then((bitmap) => bitmap.close()) : undefined;

/**
 * `decode` decides whether a preview is shown: only a file the browser can draw gets one (a broken image is no
 * preview at all); the file stays chosen either way and the server judges its bytes.
 */
export function createChosenImages(urls: UrlApi = globalThis.URL, decode: Decode | undefined = browserDecode): ChosenImages {
  let slots: ChosenImagesSnapshot = {};
  let disposed = false;
  const listeners = new Set<() => void>();
  const set = (kind: UploadKind, slot: ImageSlot | undefined) => {
    const next = { ...slots };
    if (slot) next[kind] = slot;
    else delete next[kind];
    slots = next;
    listeners.forEach((listener) => listener());
  };
  const revoke = (kind: UploadKind) => {
    const url = slots[kind]?.image?.previewUrl;
    if (url) urls.revokeObjectURL?.(url);
  };
  const update = (kind: UploadKind, change: Partial<ChosenImage>) => {
    const image = slots[kind]?.image;
    if (image) set(kind, { image: { ...image, ...change } });
  };

  return {
    choose(kind, file) {
      const reason = checkChosenImage(file);
      revoke(kind);
      if (reason) {
        set(kind, { refused: { name: file.name, reason } });
        return reason;
      }
      set(kind, { image: { file, previewUrl: null, status: 'chosen', progress: 0 } });
      void decode?.(file).then(
        () => {
          // Still the same choice (not replaced or removed meanwhile)?
          if (disposed || slots[kind]?.image?.file !== file) return;
          const previewUrl = urls.createObjectURL?.(file) ?? null;
          update(kind, { previewUrl });
        },
        () => undefined,
      );
      return null;
    },
    remove(kind) {
      revoke(kind);
      set(kind, undefined);
    },
    get: (kind) => slots[kind] ?? {},
    toUpload: (kinds) => kinds.filter((kind) => slots[kind]?.image && slots[kind]?.image?.status !== 'uploaded'),
    uploading: (kind) => update(kind, { status: 'uploading', progress: 0, failure: undefined }),
    progress: (kind, fraction) => update(kind, { progress: Math.max(0, Math.min(1, fraction)) }),
    uploaded: (kind) => update(kind, { status: 'uploaded', progress: 1 }),
    failed: (kind, reason) => update(kind, { status: 'failed', failure: reason }),
    getSnapshot: () => slots,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      for (const kind of Object.keys(slots) as UploadKind[]) revoke(kind);
      slots = {};
    },
  };
}
