/**
 * A menu behind a button (Radix DropdownMenu: arrow keys, typeahead, Escape, focus back to the button).
 * Items are actions (`onSelect`) or, with `asChild`, router links.
 * Not modal, as the APG menu button pattern has it: a click or focus elsewhere closes it. Radix's modal mode would
 * set aria-hidden on the rest of the page while leaving it focusable (axe: aria-hidden-focus, serious), and lock
 * the page's scroll and pointer for a menu of three items.
 */
import type { ComponentProps, ReactNode } from 'react';
import { DropdownMenu as RadixMenu } from 'radix-ui';
import * as s from './dropdown-menu.css.ts';

export type DropdownMenuProps = {
  /** What the button shows (the username). */
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
};

export function DropdownMenu({ trigger, children, align = 'start' }: DropdownMenuProps) {
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger className={s.trigger}>
        {trigger}
        <span className={s.caret} aria-hidden="true" />
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className={s.content} align={align} sideOffset={4} collisionPadding={8}>
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof RadixMenu.Item>) {
  return <RadixMenu.Item {...props} className={[s.item, className].filter(Boolean).join(' ')} />;
}

export function DropdownMenuSeparator() {
  return <RadixMenu.Separator className={s.separator} />;
}
