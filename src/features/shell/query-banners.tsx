import { useRouterState } from '@tanstack/react-router';
import { useHydrated } from '../../prerender/hydration.ts';
import { Banner } from '../../ui/banner.tsx';
import { bannersFromSearch } from './banners.ts';

/**
 * The banners the query string asks for. A prerendered page was written without a query string: they show once React
 * has hydrated it (docs/decisions/100-prerendered-pages.md).
 */
export function QueryBanners() {
  const hydrated = useHydrated();
  const search = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  if (!hydrated) return null;
  return bannersFromSearch(search).map((banner) => (
    <Banner key={banner.id} type={banner.type}>
      {banner.message()}
    </Banner>
  ));
}
