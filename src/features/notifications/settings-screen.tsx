/**
 * /notification-settings: push notifications on this device (turned on after a tap, docs/decisions/254-…), what is
 * pushed and the quiet hours, and the way to the list.
 */
import type { ReactNode } from 'react';
import type { NotificationSettings } from '#domain/api-schema.ts';
import { Link } from '@tanstack/react-router';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { PreferencesForm } from './preferences-form.tsx';
import * as s from './notifications.css.ts';

export function NotificationSettingsScreen(props: {
  device: ReactNode;
  settings: NotificationSettings | null;
  onSave: (settings: NotificationSettings) => Promise<NotificationSettings>;
  onRetry: () => void;
}) {
  return (
    <Page title={m.notificationSettings_title()}>
      {props.device}
      {props.settings ? (
        <PreferencesForm initial={props.settings} onSave={props.onSave} />
      ) : (
        <div className={s.panel}>
          <p className={s.problem}>{m.notificationSettings_loadFailed()}</p>
          <Button variant="secondary" onClick={props.onRetry}>
            {m.notifications_retry()}
          </Button>
        </div>
      )}
      <p className={s.text}>
        <Link to="/notifications">{m.notificationSettings_listLink()}</Link>
      </p>
    </Page>
  );
}
