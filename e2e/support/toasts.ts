import { expect, type Page } from '@playwright/test';
import type { ToastType } from '#domain/enums.ts';

/**
 * The visible toast holding `text` (Radix also announces it in a hidden live region, hence not getByText).
 * `type` checks its kind too (success, danger, warning, info).
 */
export function toast(page: Page, text: string | RegExp, type?: ToastType) {
  return page.locator(type ? `[data-toast="${type}"]` : '[data-toast]').filter({ hasText: text });
}

export const expectToast = (page: Page, text: string | RegExp, type?: ToastType) => expect(toast(page, text, type)).toBeVisible();
