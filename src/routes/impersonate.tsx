import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { TitleScreen } from '../features/shell/title-screen.tsx';
import { m } from '../paraglide/messages.js';
import { tokenParam } from './-search.ts';

/** `/impersonate?token=…` signs in with a one-time token (spec §2; issue 4 sends it to the session machine). */
const ImpersonateSearch = v.object({ token: v.optional(tokenParam) });

export const Route = createFileRoute('/impersonate')({
  validateSearch: ImpersonateSearch,
  component: () => <TitleScreen title={m.impersonate_title} />,
});
