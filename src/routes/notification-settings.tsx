import { useMemo } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import type { NotificationSettings } from '#domain/api-schema.ts';
import { browserPush } from '../actors/push-browser.ts';
import { createPushSubscriptionLogic } from '../actors/push-subscription.ts';
import type { Api } from '../api/client.ts';
import { devInspect } from '../dev/inspector.ts';
import { DevicePanel } from '../features/notifications/device-panel.tsx';
import { NotificationSettingsScreen } from '../features/notifications/settings-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { toasts } from '../ui/toast-store.ts';

/** The worker's settings; null when they could not be read (the client already said why). */
const loadSettings = (api: Api) => api.unwrap(api.client.GET('/user/me/notification-settings')).catch((): NotificationSettings | null => null);

export const Route = createFileRoute('/notification-settings')({
  loader: ({ context }) => loadSettings(context.api),
  codeSplitGroupings: [['loader', 'component']],
  component: NotificationSettingsRoute,
});

function NotificationSettingsRoute() {
  useLocale();
  const { api } = Route.useRouteContext();
  const settings = Route.useLoaderData();
  const router = useRouter();
  const logic = useMemo(() => createPushSubscriptionLogic({ api, browser: browserPush(), toasts }), [api]);
  const device = useActorRef(logic, { ...devInspect });
  const save = (next: NotificationSettings) => api.unwrap(api.client.POST('/user/me/notification-settings', { body: next }));
  return <NotificationSettingsScreen device={<DevicePanel actor={device} />} settings={settings} onSave={save} onRetry={() => void router.invalidate()} />;
}
