import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { TitleScreen } from '../features/shell/title-screen.tsx';
import { m } from '../paraglide/messages.js';
import { tokenParam } from './-search.ts';

/** With `?token=` the screen asks for a new password, without it for an e-mail (spec §2; issue 4). */
const ResetPasswordSearch = v.object({ token: v.optional(tokenParam) });

export const Route = createFileRoute('/reset-password')({
  validateSearch: ResetPasswordSearch,
  component: () => <TitleScreen title={m.resetPassword_title} />,
});
