import { createFileRoute } from '@tanstack/react-router';
import { TitleScreen } from '../../features/shell/title-screen.tsx';
import { m } from '../../paraglide/messages.js';

/**
 * Spec §2: sends the browser to the API's e-mail validation, passing the query string along (the server
 * then redirects back with `?emailHasBeenValidated`). Paths containing "redirect" are not handled inside the
 * app: a document load of this path never reaches the portal; this route covers an in-app navigation.
 */
export const Route = createFileRoute('/redirect/validate-email')({
  beforeLoad: ({ location }) => {
    window.location.replace(`/api/auth/validate-email${location.searchStr}`);
  },
  component: () => <TitleScreen title={m.shell_redirecting} />,
});
