/**
 * The business constants and limits of spec §9, and the few limits the spec leaves to us
 * (chosen in docs/decisions/003-api-shapes.md). Shared by the forms, the machines' actors and the server.
 */

/** Toasts hide themselves after this long. */
export const TOAST_DURATION_MS = 5000;

export const PASSWORD_MIN_LENGTH = 8;
/** A signing comment (per mission) is at most this many characters (openapi.yaml SigningComment agrees). */
export const SIGNING_COMMENT_MAX_LENGTH = 250;
/** No composition rules, but a ceiling so that a body cannot carry a megabyte "password". */
export const PASSWORD_MAX_LENGTH = 256;

export const LOCALES = ['fr', 'nl'] as const;
export const DEFAULT_LOCALE = 'fr';

/** Browser storage entries expire after 30 days unless told otherwise. */
export const STORAGE_DEFAULT_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The e-mail typed at login is remembered for one day. */
export const STORAGE_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;

/** Server-side lifetime of a session token: remember-me keeps 30 days, otherwise 12 hours. */
export const SESSION_REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_SHORT_TTL_MS = 12 * 60 * 60 * 1000;
/** An impersonation token works once, within 5 minutes. */
export const IMPERSONATION_TOKEN_TTL_MS = 5 * 60 * 1000;
/** A password reset link works once, within 2 hours. */
export const RESET_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

/** The signature pen (perfect-freehand options) and the pad's height. */
export const SIGNATURE_PEN = { size: 12, thinning: 0.75, smoothing: 0.5, streamline: 0.5 } as const;
export const SIGNATURE_CANVAS_HEIGHT_PX = 150;

export const AVAILABILITY_SLOTS = ['morning', 'afternoon', 'evening'] as const;

/** The years the API accepts in a path or a student's year (openapi.yaml `Year`; tests/domain/contract-constants.test.ts checks they agree). */
export const API_YEAR_MIN = 2000;
export const API_YEAR_MAX = 2100;

/** Form fields revalidate this long after the last keystroke. */
export const FIELD_DEBOUNCE_MS = 20;

/** Uploads: JPEG or PNG (checked by magic bytes on the server), at most 10 MB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/**
 * What a worker may choose: the browser prepares it before upload (a JPEG of at most 2000 px, decision 120), so
 * a camera's HEIC or WebP is fine where the browser can decode it, and the original may be larger than an upload.
 * JPEG comes first: macOS Safari converts a file not listed to the first type it can (iOS always gives JPEG).
 */
export const CHOSEN_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;
export const CHOSEN_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif'] as const;
export const CHOSEN_IMAGE_MAX_BYTES = 40 * 1024 * 1024;
export const UPLOAD_ACCEPT = [...CHOSEN_IMAGE_TYPES, ...CHOSEN_IMAGE_EXTENSIONS].join(',');
