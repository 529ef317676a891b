/** Search parameters shared by routes (route-private: the '-' prefix keeps this file out of the route tree). */
import * as v from 'valibot';

/**
 * A token from a mail link. The router reads `?token=123456` as a number, so numbers are taken back as text;
 * anything else (an object, an array) reads as no token.
 */
export const tokenParam = v.pipe(
  v.unknown(),
  v.transform((value) => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined)),
);

/** The query flags that raise a banner (spec §2, src/features/shell/banners.ts): any value, kept as it came. */
export const BANNER_FLAGS = ['emailValidationRequired', 'emailHasBeenValidated', 'passwordEdited'] as const;
const bannerFlag = v.optional(v.unknown());

/**
 * The page to come back to after a forced login (spec §5 rule 1), checked again by the session before use, and
 * the banner flags a forced login carries over (a validation link opened while signed out still says "validated").
 */
export const loginSearch = v.object({
  redirect: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (typeof value === 'string' && value !== '' ? value : undefined)),
    ),
  ),
  emailValidationRequired: bannerFlag,
  emailHasBeenValidated: bannerFlag,
  passwordEdited: bannerFlag,
});
