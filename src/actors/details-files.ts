/**
 * The images the worker chose in the details wizard, kept outside the machine (a File has no place in a
 * statechart's context) and outside the forms, for the whole visit: a failed save or upload, Back, Next or a
 * language switch never drops one. Per upload kind: the chosen File, the prepared image that will be sent (a JPEG
 * of at most 2000 px without metadata, decision 120), its preview (an object URL, revoked when the choice is
 * replaced, removed or the wizard closes), and how its upload went (progress 0–1, sent, refused and why).
 * A choice is checked at once (type and size, domain/details-images.ts), then prepared; a refused choice keeps
 * no file and says why until the worker chooses again or removes it.
 *
 * It also shows the images already on file: read once per visit with the worker's token (GET uploaded-file), kept
 * as Blobs, and given to a view as an object URL that the view releases when it no longer shows it.
 */
import type { UploadKind } from '../../machines/details-wizard.types.ts';
import { checkChosenImage } from '#domain/details-images.ts';
import { V, type ValidationKey } from '#domain/validation-keys.ts';
import type { PrepareFailure, PrepareOutcome } from './image-prepare-core.ts';

export type ChosenImage = {
  /** What the worker chose (its name is shown). */
  file: File;
  /** What will be sent: the prepared image, named `<chosen name>.jpg`; null while it is being prepared. */
  prepared: File | null;
  previewUrl: string | null;
  status: 'preparing' | 'chosen' | 'uploading' | 'uploaded' | 'failed';
  /** 0–1 while uploading. */
  progress: number;
  /** Why the server refused it (its message, already in the worker's language). */
  failure?: string;
};
export type ImageSlot = { image?: ChosenImage; refused?: { name: string; reason: ValidationKey } };
export type ChosenImagesSnapshot = Readonly<Partial<Record<UploadKind, ImageSlot>>>;

export type ChosenImages = {
  /** Checks a chosen file and starts preparing it; returns why it was refused at once, or null. */
  choose: (kind: UploadKind, file: File) => ValidationKey | null;
  remove: (kind: UploadKind) => void;
  get: (kind: UploadKind) => ImageSlot;
  /** Resolves once the choice of `kind` is prepared (or refused); at once when nothing is being prepared. */
  ready: (kind: UploadKind) => Promise<void>;
  /** The kinds among `kinds` with a file that has not reached the server yet. */
  toUpload: (kinds: readonly UploadKind[]) => UploadKind[];
  uploading: (kind: UploadKind) => void;
  progress: (kind: UploadKind, fraction: number) => void;
  uploaded: (kind: UploadKind) => void;
  failed: (kind: UploadKind, reason: string) => void;
  /**
   * Shows the image on file of `kind`: `show` receives an object URL once it is read and decodable (never for a
   * broken one). Returns the release: the view calls it when the image leaves the screen (the URL is revoked).
   */
  showOnFile: (kind: UploadKind, show: (url: string) => void) => () => void;
  /** The image on file of `kind` was removed: it is not shown (nor read) again, unless one is uploaded. */
  forgetOnFile: (kind: UploadKind) => void;
  getSnapshot: () => ChosenImagesSnapshot;
  subscribe: (listener: () => void) => () => void;
  /** Revokes every preview and stops what is under way (the wizard closes). */
  dispose: () => void;
};

type UrlApi = { createObjectURL?: (file: Blob) => string; revokeObjectURL?: (url: string) => void };
/** Resolves when the browser can show the blob as an image, rejects otherwise. */
export type Decode = (file: Blob) => Promise<void>;
const browserDecode: Decode | undefined =
  typeof globalThis.createImageBitmap === 'function' ? (file) => createImageBitmap(file).then((bitmap) => bitmap.close()) : undefined;

export type ChosenImagesOptions = {
  urls?: UrlApi;
  /** Prepares a chosen file (src/actors/image-prepare.ts); absent, the store cannot accept any choice. */
  prepare?: (file: File) => Promise<PrepareOutcome>;
  /** Reads the image on file of a kind (the API client, with the token); absent, none is shown. */
  loadOnFile?: (kind: UploadKind, signal: AbortSignal) => Promise<Blob>;
  /** Whether a blob read from the server can be shown (a broken image gets no <img>). */
  decode?: Decode;
  /** Ends the preparer with the visit. */
  onDispose?: () => void;
};

/** The name the prepared file is sent under: the chosen name with a .jpg extension. */
export const preparedName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'image'}.jpg`;

const REFUSAL: Record<PrepareFailure, ValidationKey> = {
  type: V.fileType,
  unreadable: V.imageUnreadable,
  heic: V.imageHeic,
  tooLarge: V.imageTooLarge,
};

export function createChosenImages(options: ChosenImagesOptions = {}): ChosenImages {
  const { urls = globalThis.URL, prepare, loadOnFile, decode = browserDecode } = options;
  let slots: ChosenImagesSnapshot = {};
  let disposed = false;
  const listeners = new Set<() => void>();
  const preparing = new Map<UploadKind, Promise<void>>();
  /** The images on file, read at most once per visit (or known from an upload of this visit). */
  const onFile = new Map<UploadKind, Promise<Blob | null>>();
  const loads = new AbortController();

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
  const settle = (kind: UploadKind, file: File, outcome: PrepareOutcome) => {
    // Still the same choice (not replaced or removed meanwhile)?
    if (disposed || slots[kind]?.image?.file !== file) return;
    if (!outcome.ok) {
      set(kind, { refused: { name: file.name, reason: REFUSAL[outcome.reason] } });
      return;
    }
    const prepared = new File([outcome.blob], preparedName(file.name), { type: 'image/jpeg' });
    update(kind, { prepared, previewUrl: urls.createObjectURL?.(prepared) ?? null, status: 'chosen' });
  };

  return {
    choose(kind, file) {
      const reason = checkChosenImage(file) ?? (prepare ? null : V.imageUnreadable);
      revoke(kind);
      if (reason || !prepare) {
        set(kind, { refused: { name: file.name, reason: reason ?? V.imageUnreadable } });
        return reason;
      }
      set(kind, { image: { file, prepared: null, previewUrl: null, status: 'preparing', progress: 0 } });
      const done = prepare(file)
        .catch((): PrepareOutcome => ({ ok: false, reason: 'unreadable' }))
        .then((outcome) => settle(kind, file, outcome));
      preparing.set(kind, done);
      return null;
    },
    remove(kind) {
      revoke(kind);
      set(kind, undefined);
    },
    get: (kind) => slots[kind] ?? {},
    ready: async (kind) => {
      // A new choice made while waiting is waited for too.
      let pending = preparing.get(kind);
      while (pending) {
        await pending;
        const again = preparing.get(kind);
        pending = again === pending ? undefined : again;
      }
    },
    toUpload: (kinds) => kinds.filter((kind) => slots[kind]?.image && slots[kind]?.image?.status !== 'uploaded'),
    uploading: (kind) => update(kind, { status: 'uploading', progress: 0, failure: undefined }),
    progress: (kind, fraction) => update(kind, { progress: Math.max(0, Math.min(1, fraction)) }),
    uploaded(kind) {
      const sent = slots[kind]?.image?.prepared;
      // What was sent is now what is on file: no need to read it back.
      if (sent) onFile.set(kind, Promise.resolve(sent));
      update(kind, { status: 'uploaded', progress: 1 });
    },
    failed: (kind, reason) => update(kind, { status: 'failed', failure: reason }),
    showOnFile(kind, show) {
      let url: string | null = null;
      let released = false;
      if (!onFile.has(kind) && loadOnFile) {
        const read: Promise<Blob | null> = loadOnFile(kind, loads.signal).then(
          // A broken image gets no preview (and is not read again).
          (blob) =>
            decode
              ? decode(blob).then(
                  () => blob,
                  () => null,
                )
              : blob,
          () => {
            // Not read (a lost connection): read again the next time it is shown.
            if (onFile.get(kind) === read) onFile.delete(kind);
            return null;
          },
        );
        onFile.set(kind, read);
      }
      void onFile.get(kind)?.then((blob) => {
        if (released || disposed || !blob) return;
        url = urls.createObjectURL?.(blob) ?? null;
        if (url) show(url);
      });
      return () => {
        released = true;
        if (url) urls.revokeObjectURL?.(url);
        url = null;
      };
    },
    forgetOnFile: (kind) => void onFile.set(kind, Promise.resolve(null)),
    getSnapshot: () => slots,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      loads.abort();
      for (const kind of Object.keys(slots) as UploadKind[]) revoke(kind);
      slots = {};
      options.onDispose?.();
    },
  };
}
