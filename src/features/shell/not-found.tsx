import { Link } from '@tanstack/react-router';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Page } from '../../ui/page.tsx';

/**
 * A path the portal does not know (a mistyped or outdated address): "page not found" with a way home. /dummy keeps
 * the spec's "Not implemented" screen (not-implemented.tsx). Page names it in the document title and, after a
 * client-side navigation, moves the focus to its heading, so a screen reader announces it.
 */
export function NotFoundScreen() {
  useLocale();
  return (
    <Page title={m.notFound_title()}>
      <p>{m.notFound_text()}</p>
      <p>
        <Link to="/">{m.notFound_homeLink()}</Link>
      </p>
    </Page>
  );
}
