import type { ReactNode } from 'react';
import { m } from '../paraglide/messages.js';
import * as s from './banner.css.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

export type BannerType = 'success' | 'warning' | 'info';

const kind: Record<BannerType, () => string> = { success: m.ui_kindSuccess, warning: m.ui_kindWarning, info: m.ui_kindInfo };

/** A notice at the top of a page (e-mail validated, password changed…). Its type is said, not only coloured. */
export function Banner({ type, children }: { type: BannerType; children: ReactNode }) {
  return (
    <div className={s.type[type]} data-banner={type}>
      <p className={s.text}>
        <VisuallyHidden>{kind[type]()}</VisuallyHidden> {children}
      </p>
    </div>
  );
}
