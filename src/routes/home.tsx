import { createFileRoute } from '@tanstack/react-router';
import { m } from '../paraglide/messages.js';

export const Route = createFileRoute('/home')({ component: Home });

function Home() {
  return <h1>{m.app_name()}</h1>;
}
