/**
 * The banners of spec §2, raised by the query string (links in mails and redirects from the server):
 * `?emailValidationRequired` (warning), `?emailHasBeenValidated` (success), `?passwordEdited` (success).
 * A parameter counts when present with any value except "false"/"0".
 */
import { m } from '../../paraglide/messages.js';
import type { BannerType } from '../../ui/banner.tsx';

export type QueryBanner = { id: string; type: BannerType; message: () => string };

const BANNERS: readonly QueryBanner[] = [
  { id: 'emailValidationRequired', type: 'warning', message: m.banner_emailValidationRequired },
  { id: 'emailHasBeenValidated', type: 'success', message: m.banner_emailHasBeenValidated },
  { id: 'passwordEdited', type: 'success', message: m.banner_passwordEdited },
];

export function bannersFromSearch(search: Readonly<Record<string, unknown>>): QueryBanner[] {
  return BANNERS.filter(({ id }) => {
    if (!Object.hasOwn(search, id)) return false;
    const value = search[id];
    return value !== false && value !== 'false' && value !== 0 && value !== '0';
  });
}
