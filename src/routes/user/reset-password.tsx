import { createFileRoute } from '@tanstack/react-router';
import { TitleScreen } from '../../features/shell/title-screen.tsx';
import { m } from '../../paraglide/messages.js';

export const Route = createFileRoute('/user/reset-password')({ component: () => <TitleScreen title={m.changePassword_title} /> });
