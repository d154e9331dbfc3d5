// Journey (issue 3): the offline study loop. A student signs in once, the automatic sync fills the
// dashboard, the study page downloads the subject's topics; then with the network off the study page
// reloads from the local store, a deck is studied with the keyboard, a card is suspended, the subject is
// left and reopened (timer restored); back online the outbox uploads, and a second device signed in as
// the same student (which signs the first out) shows the review history.
import { expect, test } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import {
  cardCounts,
  deckLink,
  deckIdOf,
  expectAllTopicsDownloaded,
  expectCounts,
  expectPageOffline,
  expectSuspendedListed,
  moduleGroup,
  openDeck,
  openSubject,
  player,
  questionFace,
  ratingGroup,
  pressOnPlayer,
  rateWithKeyboard,
  recordSyncMessages,
  serverProgress,
  SIGNED_IN_ELSEWHERE,
  STUDY,
  studyBreadcrumb,
  SYNC_DELTA,
  SYNC_SUCCESS,
  syncButton,
  syncMessage,
  timerSeconds,
  topicsPanel,
  waitForServiceWorker,
} from '../support/study.ts';
import { signedOutDialog, signIn } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

const F = STUDY.foundations;
/** Cards rated Good with the keyboard. */
const rated = 3;

test('offline study loop: sync, reload offline, study with the keyboard, timer restored, reviews reach a second device', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const user = await createUser({ prefix: 'studyloop' });
  const deviceA = await browser.newContext();
  const deviceB = await browser.newContext();
  try {
    const a = await deviceA.newPage();
    const b = await deviceB.newPage();

    await test.step('sign in: the automatic sync fills the dashboard', async () => {
      await signIn(a, user.email, user.password);
      await expect(a.getByRole('heading', { name: `Welcome, ${user.firstName}` })).toBeVisible();
      const main = a.getByRole('main');
      await expect(main.getByRole('heading', { level: 2 })).toHaveText(
        ["Today's review", 'Offline study', 'Global', 'UG-1'],
        {
          timeout: 20_000,
        },
      );
      await expect(
        moduleGroup(a, 'Global').getByRole('link', { name: new RegExp(STUDY.global.module) }),
      ).toBeVisible();
      await expect(moduleGroup(a, 'UG-1').getByRole('link', { name: new RegExp(F.module) })).toBeVisible();
      await expectNoSeriousA11y(a, 'student dashboard synced');
      // Paid modules this student was not granted never reach the device.
      await expect(main.getByText(STUDY.paidNotGranted)).toHaveCount(0);
      await expect(main.getByText(STUDY.paidGrantedToDemo)).toHaveCount(0);
    });

    await test.step('SYNC: a delta sync (sync metadata exists), then success', async () => {
      const messages = await recordSyncMessages(a);
      await expect(syncButton(a)).toBeEnabled();
      await syncButton(a).click();
      await expect(syncMessage(a, SYNC_SUCCESS)).toBeVisible();
      expect(await messages()).toEqual([SYNC_DELTA, SYNC_SUCCESS]);
      await expectNoSeriousA11y(a, 'sync success');
    });

    const studyUrl =
      await test.step('study page: the content of the subject’s topics downloads', async () => {
        await openSubject(a, F.module, F.subject);
        await expectAllTopicsDownloaded(a, F.topics);
        await expect(deckLink(a, F.deck)).toContainText(`${F.deckSize} cards`);
        await expectNoSeriousA11y(a, 'study page');
        await waitForServiceWorker(a);
        return a.url();
      });

    await test.step('offline: a full reload renders the study page from the local store', async () => {
      await deviceA.setOffline(true);
      await expectPageOffline(a);
      await a.reload();
      await expect(a).toHaveURL(studyUrl);
      await expect(a.getByRole('banner').getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
      await expect(studyBreadcrumb(a)).toContainText(`Dashboard/${F.module}/${F.subject}`);
      await expect(topicsPanel(a).getByRole('button', { name: F.topics[1] })).toBeVisible();
      await expect(signedOutDialog(a)).toHaveCount(0);
      await expectNoSeriousA11y(a, 'study page offline');
    });

    const deckId = await test.step('offline: study the deck with the keyboard', async () => {
      await openDeck(a, F.deck);
      await expectCounts(a, { new: F.deckSize, due: 0, suspended: 0 });
      await expect(questionFace(a)).toBeVisible();
      await expect(a.getByRole('button', { name: 'Show Answer' })).toBeVisible();
      await pressOnPlayer(a, 'Space');
      // Each rating shows the interval it would schedule (a new card: 1m / 10m / 20m / 4d).
      const ratings = ratingGroup(a);
      await expect(ratings.getByRole('button')).toHaveText([
        /^Again\s*1m/,
        /^Hard\s*10m/,
        /^Good\s*20m/,
        /^Easy\s*4d/,
      ]);
      await expectNoSeriousA11y(a, 'flashcards: answer');
      await pressOnPlayer(a, '3');
      await expectCounts(a, { new: F.deckSize - 1, due: 0, suspended: 0 });
      for (let i = 0; i < 2; i++) {
        await rateWithKeyboard(a, '3');
        await expectCounts(a, { new: F.deckSize - 2 - i, due: 0, suspended: 0 });
      }
      return deckIdOf(a);
    });

    const suspendedQuestion = await test.step('offline: suspend a card', async () => {
      // It leaves the queue and is listed in the right sidebar.
      const suspendedQuestion = (await questionFace(a).innerText()).replace(/\s+/g, ' ').trim();
      await player(a, F.deck).getByRole('button', { name: 'Suspend', exact: true }).click();
      await expectCounts(a, { new: F.deckSize - rated - 1, due: 0, suspended: 1 });
      await expectSuspendedListed(a, suspendedQuestion);
      await expect(questionFace(a)).not.toHaveText(suspendedQuestion);
      await expectNoSeriousA11y(a, 'flashcards: suspended');
      return suspendedQuestion;
    });

    await test.step('offline: leave and reopen the subject, the timer is restored', async () => {
      // Wait until the timer shows at least 3 s, leave for the dashboard, reopen the subject.
      await expect.poll(() => timerSeconds(a), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      const beforeLeaving = await timerSeconds(a);
      await a
        .getByRole('banner')
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Dashboard' })
        .click();
      await expect(a).toHaveURL(/\/dashboard$/);
      await expect(a.getByRole('timer')).toHaveCount(0);
      await openSubject(a, F.module, F.subject);
      await expect(a.getByRole('timer', { name: 'Study timer' })).toBeVisible();
      // Restored, not restarted: a timer counting from 0 could not reach `beforeLeaving` (≥ 3 s) this fast.
      await expect.poll(() => timerSeconds(a), { timeout: 1_500 }).toBeGreaterThanOrEqual(beforeLeaving);
      await expect.poll(() => timerSeconds(a)).toBeGreaterThan(beforeLeaving);
      // The local progress survived the round trip.
      await openDeck(a, F.deck);
      await expectCounts(a, { new: F.deckSize - rated - 1, due: 0, suspended: 1 });
      await expectSuspendedListed(a, suspendedQuestion);

      // Nothing reached the server while offline.
      expect((await serverProgress(deviceA)).records).toHaveLength(0);
    });

    await test.step('online: the outbox uploads the reviews, the suspension and the time studied', async () => {
      await deviceA.setOffline(false);
      await expect
        .poll(
          async () => {
            const p = await serverProgress(deviceA);
            return {
              reviewed: p.records.filter((r) => r.deckId === deckId && r.dueDate !== null && !r.isSuspended)
                .length,
              suspended: p.records.filter((r) => r.deckId === deckId && r.isSuspended).length,
              studied: p.sessions.some((s) => s.subjectName === F.subject && s.durationInSeconds >= 3),
            };
          },
          { timeout: 20_000 },
        )
        .toEqual({ reviewed: rated, suspended: 1, studied: true });
    });

    await test.step('a second device signs in: the first is signed out', async () => {
      // Live: no reload on the first device.
      await signIn(b, user.email, user.password);
      const notice = signedOutDialog(a);
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(SIGNED_IN_ELSEWHERE);
      await expectNoSeriousA11y(a, 'signed out notice (study)');
    });

    await test.step('the second device’s sync brings the review history: the deck is no longer all new', async () => {
      await expect(b.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
        ["Today's review", 'Offline study', 'Global', 'UG-1'],
        {
          timeout: 20_000,
        },
      );
      await openSubject(b, F.module, F.subject);
      await openDeck(b, F.deck);
      expect(deckIdOf(b)).toBe(deckId);
      await expectCounts(b, { new: F.deckSize - rated - 1, due: 0, suspended: 1 }, 20_000);
      await expect(cardCounts(b)).not.toHaveText(new RegExp(`NEW\\s*${F.deckSize}\\D`));
      await expectSuspendedListed(b, suspendedQuestion);
      await expect(signedOutDialog(b)).toHaveCount(0);
    });
  } finally {
    await deviceA.close();
    await deviceB.close();
  }
});
