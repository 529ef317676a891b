/** What the auth routes give their machines (route-private: the '-' prefix keeps this file out of the route tree). */
import { useMemo } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { AuthDeps } from '../actors/auth.ts';
import { toasts } from '../ui/toast-store.ts';

/** The API client of the router context, the toasts, and navigation by href (stable for the page's life). */
export function useAuthDeps(): AuthDeps {
  const router = useRouter();
  return useMemo(() => ({ api: router.options.context.api, toasts, navigate: (to: string) => void router.navigate({ href: to }) }), [router]);
}
