import { createFileRoute } from '@tanstack/react-router';
import { TitleScreen } from '../../features/shell/title-screen.tsx';
import { m } from '../../paraglide/messages.js';

export const Route = createFileRoute('/user/manage-signature')({ component: () => <TitleScreen title={m.signature_title} /> });
