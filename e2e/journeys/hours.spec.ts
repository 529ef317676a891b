/**
 * Hours worked on a 390 px phone (requirements §15): the home card leads to the hours page; two days confirmed at once, one
 * contested (the form starts from the client's hours and refuses a missing reason); the agency keeps the client's
 * hours with a note; the worker sees the outcome and the note. Then each mutating call survives a lost answer.
 */
import { test, expect, expectAccessible } from '../fixtures.ts';
import { dropNextAnswer, isReplay, nextAnswer } from '../support/held-network.ts';
import { dayCard, dayName, recordedDay } from '../support/hours.ts';
import { backoffice, createWorker, signIn, workerPath } from '../support/workers.ts';

test.use({ viewport: { width: 390, height: 844 } });

const card = dayCard;

test('home card → hours; two days confirmed at once, one contested; the agency’s answer and note show on the day', async ({ page }) => {
  const worker = await createWorker(page.request);
  const [a, b, c] = [
    await recordedDay(page.request, worker, 1, 'HOURS-A'),
    await recordedDay(page.request, worker, 2, 'HOURS-B'),
    await recordedDay(page.request, worker, 3, 'HOURS-C'),
  ];
  await signIn(page, worker);
  await page.goto('/home');

  const home = page.getByRole('region', { name: 'Heures à confirmer' });
  await expect(home).toContainText('Jours à confirmer : 3');
  await expect(home).toContainText(/Première échéance : .+ \(encore 4[78] h\)\./);
  await home.getByRole('link', { name: 'Voir mes heures' }).click();
  await expect(page).toHaveURL(/\/hours$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes heures prestées' })).toBeVisible();
  await expect(card(page, a)).toContainText('08:00 – 15:36, pause 30 min');
  await expect(card(page, a)).toContainText('7 h 06');
  await expect(card(page, a)).toContainText('102,03 €');
  await expect(card(page, a)).toContainText(/Encore 4[78] h pour répondre/);
  // No student counter for an employee.
  await expect(page.getByRole('region', { name: /heures d'étudiant/ })).toHaveCount(0);

  await card(page, a)
    .getByRole('checkbox', { name: `Sélectionner les heures du ${dayName(1)}` })
    .check();
  await card(page, b)
    .getByRole('checkbox', { name: `Sélectionner les heures du ${dayName(2)}` })
    .check();
  await expect(page.getByText('Jours sélectionnés : 2')).toBeVisible();
  await expectAccessible(page, '/hours with two days ticked');
  await page.getByRole('button', { name: 'Confirmer la sélection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Jours confirmés : 2' })).toBeVisible();
  for (const mission of [a, b]) await expect(card(page, mission).getByText('Confirmées', { exact: true })).toBeVisible();

  await card(page, c)
    .getByRole('button', { name: `Contester les heures du ${dayName(3)}` })
    .click();
  const form = card(page, c).getByRole('form', { name: `Contester les heures du ${dayName(3)}` });
  await expect(form.getByLabel('Fin')).toHaveValue('15:36');
  await form.getByLabel('Fin').fill('17:00');
  await form.getByRole('button', { name: 'Envoyer la contestation' }).click();
  const summary = form.getByRole('alert');
  await expect(summary).toContainText('Motif : Expliquez ce qui ne va pas dans ces heures.');
  await expectAccessible(page, '/hours with a contest refused for its missing reason');
  await form.getByLabel('Motif').fill('Démontage du stand jusqu’à 17:00, à la demande du client.');
  await form.getByRole('button', { name: 'Envoyer la contestation' }).click();
  await expect(card(page, c)).toContainText("Contestées : l'agence examine vos heures");
  await expect(card(page, c)).toContainText('08:00 – 17:00, pause 30 min (8 h 30)');

  await backoffice(page.request, 'POST', `${workerPath(worker.email)}/missions/${c}/hours/resolve`, {
    outcome: 'client',
    note: 'La feuille de présence signée indique 15:36.',
  });
  await page.reload();
  await expect(card(page, c)).toContainText('Contestation refusée : les heures du client sont maintenues');
  await expect(card(page, c)).toContainText("Message de l'agence");
  await expect(card(page, c)).toContainText('La feuille de présence signée indique 15:36.');
  await expectAccessible(page, '/hours with a resolved contest');
});

test.describe('a lost answer, then the same tap again (safe retries)', () => {
  test.use({ allowedConsoleErrors: [/net::ERR_CONNECTION_RESET/] });
  const CONFIRM = { method: 'POST', path: '/api/user/me/hours/confirm' } as const;

  test('confirm one day, confirm two at once, contest one: each done once, the page ends as the server', async ({ page }) => {
    const worker = await createWorker(page.request);
    const [one, two, three, four] = [
      await recordedDay(page.request, worker, 1, 'RETRY-1'),
      await recordedDay(page.request, worker, 2, 'RETRY-2'),
      await recordedDay(page.request, worker, 3, 'RETRY-3'),
      await recordedDay(page.request, worker, 4, 'RETRY-4'),
    ];
    await signIn(page, worker);
    await page.goto('/hours');

    // One day, in one tap.
    let lost = await dropNextAnswer(page, CONFIRM);
    await card(page, one)
      .getByRole('button', { name: `Confirmer les heures du ${dayName(1)}` })
      .click();
    expect((await lost.served).status).toBe(200);
    await expect(card(page, one)).toContainText('Pas de réponse du serveur');
    let retried = nextAnswer(page, CONFIRM);
    await card(page, one)
      .getByRole('button', { name: `Confirmer les heures du ${dayName(1)}` })
      .click();
    expect(isReplay(await retried)).toBe(true);
    await expect(card(page, one).getByText('Confirmées', { exact: true })).toBeVisible();

    // Two days at once.
    await card(page, two).getByRole('checkbox').check();
    await card(page, three).getByRole('checkbox').check();
    lost = await dropNextAnswer(page, CONFIRM);
    await page.getByRole('button', { name: 'Confirmer la sélection' }).click();
    expect((await lost.served).status).toBe(200);
    await expect(page.getByText(/la confirmation n'a pas pu être vérifiée/)).toBeVisible();
    retried = nextAnswer(page, CONFIRM);
    await page.getByRole('button', { name: 'Confirmer la sélection' }).click();
    expect(isReplay(await retried)).toBe(true);
    for (const mission of [two, three]) await expect(card(page, mission).getByText('Confirmées', { exact: true })).toBeVisible();

    // A contest.
    const CONTEST = { method: 'POST', path: `/api/user/me/hours/${four}/contest` } as const;
    await card(page, four)
      .getByRole('button', { name: /^Contester/ })
      .click();
    const form = card(page, four).getByRole('form');
    await form.getByLabel('Motif').fill('Arrivé à 07:30 pour la mise en place.');
    await form.getByLabel('Début').fill('07:30');
    lost = await dropNextAnswer(page, CONTEST);
    await form.getByRole('button', { name: 'Envoyer la contestation' }).click();
    expect((await lost.served).status).toBe(200);
    await expect(form.getByText(/la contestation n'a peut-être pas été reçue/)).toBeVisible();
    await expect(form.getByLabel('Motif')).toHaveValue('Arrivé à 07:30 pour la mise en place.');
    retried = nextAnswer(page, CONTEST);
    await form.getByRole('button', { name: 'Envoyer la contestation' }).click();
    expect(isReplay(await retried)).toBe(true);
    await expect(card(page, four)).toContainText("Contestées : l'agence examine vos heures");

    // Read back: each day answered once.
    const days = (await (await page.request.get('/api/user/me/hours', { headers: { Authorization: `Bearer ${worker.token}` } })).json()) as Array<{
      mission: string;
      status: string;
    }>;
    expect(Object.fromEntries(days.map((d) => [d.mission, d.status]))).toEqual({
      [one]: 'confirmed',
      [two]: 'confirmed',
      [three]: 'confirmed',
      [four]: 'contested',
    });
  });
});
