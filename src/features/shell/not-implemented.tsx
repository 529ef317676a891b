import { Link } from '@tanstack/react-router';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Page } from '../../ui/page.tsx';

/** The generic screen of spec §2, for /dummy (an unknown path gets not-found.tsx). */
export function NotImplementedScreen() {
  useLocale();
  return (
    <Page title={m.notImplemented_title()}>
      <p>{m.notImplemented_text()}</p>
      <p>
        <Link to="/home">{m.notImplemented_homeLink()}</Link>
      </p>
    </Page>
  );
}
