/**
 * Notifications on a 390 px phone (docs/decisions/254-notifications-in-the-portal.md): "Turn on notifications" asks
 * the browser only after the tap, and the device it subscribes (PushManager stubbed: e2e/support/push-stub.ts)
 * receives the agency's test push at the test push service, decrypted there; the settings in French and Dutch,
 * axe-clean; iOS outside the home screen and a blocked permission say what to do; the bell and the list follow the
 * events. Serial: the test push service listens on one port (PUSH_PORT) for this file.
 */
import { test, expect, expectAccessible } from '../fixtures.ts';
import { PUSH_PORT } from '../../playwright.config.ts';
import { startPushReceiver, type PushReceiver } from '../../scripts/lib/push-receiver.ts';
import { pushCounts, stubPush } from '../support/push-stub.ts';
import { expectToast } from '../support/toasts.ts';
import { backoffice, createWorker, signIn, workerPath } from '../support/workers.ts';
import { m } from '../../src/paraglide/messages.js';

// The service worker is this file's subject: allowed here, blocked elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'serial' });

const fr = { locale: 'fr' } as const;
const nl = { locale: 'nl' } as const;
let push: PushReceiver;
test.beforeAll(async () => {
  push = await startPushReceiver({ port: PUSH_PORT });
});
test.afterAll(async () => {
  await push.close();
});

test('turn on after a tap: the device receives the agency’s test push; turn off removes it', async ({ page }) => {
  const worker = await createWorker(page.request);
  const device = push.device();
  await stubPush(page, { subscription: device.subscription });
  await signIn(page, worker);
  await page.goto('/notification-settings');
  await expect(page.getByRole('heading', { level: 1, name: m.notificationSettings_title({}, fr) })).toBeVisible();
  await expect(page.getByText(m.notificationSettings_off({}, fr))).toBeVisible();
  // Nothing is asked when the page opens.
  expect((await pushCounts(page)).asked).toBe(0);
  await expectAccessible(page, 'notification settings: off');

  await page.getByRole('button', { name: m.notificationSettings_turnOn({}, fr) }).click();
  await expectToast(page, m.notifications_turnedOn({}, fr), 'success');
  await expect(page.getByText(m.notificationSettings_on({}, fr))).toBeVisible();
  expect(await pushCounts(page)).toMatchObject({ asked: 1, subscribed: 1, keyLength: 65 });
  const devices = await backoffice<Array<{ service: string; sessionActive: boolean }>>(page.request, 'GET', `${workerPath(worker.email)}/push-devices`);
  expect(devices).toEqual([expect.objectContaining({ service: push.origin, sessionActive: true })]);

  await backoffice(page.request, 'POST', `${workerPath(worker.email)}/test-notification`, {}, 202);
  await expect.poll(() => push.of(device.id).map((r) => r.payload.title), { timeout: 10_000 }).toEqual([m.push_testTitle({}, fr)]);
  expect(push.of(device.id)[0]!.payload.url).toBe('/notifications');

  await page.getByRole('button', { name: m.notificationSettings_turnOff({}, fr) }).click();
  await expectToast(page, m.notifications_turnedOff({}, fr), 'success');
  await expect(page.getByRole('button', { name: m.notificationSettings_turnOn({}, fr) })).toBeVisible();
  expect((await pushCounts(page)).unsubscribed).toBe(1);
  expect(await backoffice(page.request, 'GET', `${workerPath(worker.email)}/push-devices`)).toEqual([]);
});

test('the settings in Dutch: the kinds and the quiet hours are saved and read back', async ({ page }) => {
  const worker = await createWorker(page.request, { language: 'nl' });
  await stubPush(page, { subscription: push.device().subscription });
  await signIn(page, worker);
  // As a mailed link opens it: the language named in the address.
  await page.goto('/notification-settings?lang=nl');
  await expect(page.getByRole('heading', { level: 1, name: m.notificationSettings_title({}, nl) })).toBeVisible();
  const reminders = page.getByRole('checkbox', { name: m.notificationSettings_topic_hoursReminders({}, nl) });
  await expect(reminders).toBeChecked();
  await expect(page.getByLabel(m.notificationSettings_quietStart({}, nl), { exact: true })).toHaveValue('22:00');
  await expectAccessible(page, 'notification settings in Dutch');
  await reminders.uncheck();
  await page.getByLabel(m.notificationSettings_quietStart({}, nl), { exact: true }).fill('23:30');
  await page.getByLabel(m.notificationSettings_quietEnd({}, nl), { exact: true }).fill('06:15');
  await page.getByRole('button', { name: m.notificationSettings_save({}, nl) }).click();
  await expect(page.getByText(m.notificationSettings_saved({}, nl))).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: m.notificationSettings_topic_hoursReminders({}, nl) })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: m.notificationSettings_topic_offers({}, nl) })).toBeChecked();
  await expect(page.getByLabel(m.notificationSettings_quietEnd({}, nl), { exact: true })).toHaveValue('06:15');
  // No quiet hours at all.
  await page.getByRole('checkbox', { name: m.notificationSettings_quietOn({}, nl) }).uncheck();
  await page.getByRole('button', { name: m.notificationSettings_save({}, nl) }).click();
  await expect(page.getByText(m.notificationSettings_saved({}, nl))).toBeVisible();
  const saved = await page.request.get('/api/user/me/notification-settings', { headers: { Authorization: `Bearer ${worker.token}` } });
  expect((await saved.json()).quietHours).toBeNull();
});

test('an iPhone outside the home-screen app is told to add it; a blocked permission is told how to allow it', async ({ page }) => {
  const worker = await createWorker(page.request);
  await stubPush(page, { subscription: push.device().subscription, iphone: true });
  await signIn(page, worker);
  await page.goto('/notification-settings');
  await expect(page.getByText(m.notificationSettings_iosInstall({}, fr))).toBeVisible();
  await expect(page.getByRole('button', { name: m.notificationSettings_turnOn({}, fr) })).toHaveCount(0);

  const blocked = await page.context().newPage();
  await stubPush(blocked, { subscription: push.device().subscription, permission: 'denied' });
  await blocked.goto('/notification-settings');
  await expect(blocked.getByText(m.notificationSettings_denied({}, fr))).toBeVisible();
  await expect(blocked.getByRole('button', { name: m.notificationSettings_recheck({}, fr) })).toBeVisible();
  await expectAccessible(blocked, 'notification settings: blocked');
});

test('the bell’s count and the list follow the events; opening one marks it read and follows its link', async ({ page }) => {
  const worker = await createWorker(page.request);
  await signIn(page, worker);
  await page.goto('/home');
  // The approval of the file is the first news.
  const bell = page.getByRole('link', { name: m.notifications_bellUnread({ count: 1 }, fr) });
  await expect(bell).toBeVisible();
  const { offer } = await backoffice<{ offer: string }>(
    page.request,
    'POST',
    '/offers',
    {
      reference: 'BELL-1',
      job: 'steward',
      shortLocation: 'Forest National',
      hourlyWageCents: 1600,
      places: 2,
      answerBy: new Date(Date.now() + 26 * 3_600_000).toISOString(),
      shifts: [{ date: '2099-03-04', start: '18:00', end: '23:00' }],
      workers: [worker.email],
    },
    201,
  );
  // Another page (the phone's menu): the bell reads the count again.
  await page.getByRole('button', { name: m.shell_menuButton({}, fr) }).click();
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: /^Planning/ })
    .click();
  await expect(page.getByRole('link', { name: m.notifications_bellUnread({ count: 2 }, fr) })).toBeVisible();
  await page.getByRole('link', { name: m.notifications_bellUnread({ count: 2 }, fr) }).click();
  await expect(page.getByRole('heading', { level: 1, name: m.notifications_title({}, fr) })).toBeVisible();
  const items = page.locator('li[data-notification]');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toHaveAttribute('data-kind', 'offerNew');
  await expect(items.first().getByRole('link')).toHaveText('Nouvelle offre : Steward à Forest National');
  await expectAccessible(page, 'notifications: two unread');
  await items.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/offers\\?offer=${offer}`));
  await expect(page.getByRole('link', { name: m.notifications_bellUnread({ count: 1 }, fr) })).toBeVisible();
  await page.getByRole('link', { name: m.notifications_bellUnread({ count: 1 }, fr) }).click();
  await expect(items.first()).toHaveAttribute('data-unread', 'false');
  await page.getByRole('button', { name: m.notifications_markAllRead({}, fr) }).click();
  await expect(page.getByRole('link', { name: m.notifications_bell({}, fr), exact: true })).toBeVisible();
  await expect(items.nth(1)).toHaveAttribute('data-unread', 'false');
  await expect(page.getByRole('button', { name: m.notifications_markAllRead({}, fr) })).toHaveCount(0);
});
