import { createFileRoute } from '@tanstack/react-router';
import { TitleScreen } from '../features/shell/title-screen.tsx';
import { m } from '../paraglide/messages.js';
import { loginSearch } from './-search.ts';

export const Route = createFileRoute('/login')({
  validateSearch: loginSearch,
  component: () => <TitleScreen title={m.login_title} />,
});
