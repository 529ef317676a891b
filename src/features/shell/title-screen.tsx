import type { ReactNode } from 'react';
import { useLocale } from '../../i18n/locale.ts';
import { Page } from '../../ui/page.tsx';

/** A screen that a later issue fills: for now its localized title. */
export function TitleScreen({ title, children }: { title: () => string; children?: ReactNode }) {
  useLocale();
  return <Page title={title()}>{children}</Page>;
}
