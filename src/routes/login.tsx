import { createFileRoute } from '@tanstack/react-router';
import { TitleScreen } from '../features/shell/title-screen.tsx';
import { m } from '../paraglide/messages.js';

export const Route = createFileRoute('/login')({ component: () => <TitleScreen title={m.login_title} /> });
