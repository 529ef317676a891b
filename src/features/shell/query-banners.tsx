import { useRouterState } from '@tanstack/react-router';
import { Banner } from '../../ui/banner.tsx';
import { bannersFromSearch } from './banners.ts';

export function QueryBanners() {
  const search = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  return bannersFromSearch(search).map((banner) => (
    <Banner key={banner.id} type={banner.type}>
      {banner.message()}
    </Banner>
  ));
}
