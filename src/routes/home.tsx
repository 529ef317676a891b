import { createFileRoute } from '@tanstack/react-router';
import { TitleScreen } from '../features/shell/title-screen.tsx';
import { m } from '../paraglide/messages.js';

export const Route = createFileRoute('/home')({ component: () => <TitleScreen title={m.home_title} /> });
