import { createFileRoute } from '@tanstack/react-router';
import { NotImplementedScreen } from '../features/shell/not-implemented.tsx';

/** Spec §2: what /dummy displays is not shown; it gets the generic "Not implemented" screen. */
export const Route = createFileRoute('/dummy')({ component: NotImplementedScreen });
