// Journey (issue 3): one active session per user, and nothing lost. Reviews made offline on device A
// are still queued when device B signs in as the same student; A is signed out when it next reaches the
// server, its queued reviews stay on the device (not on the server), and they upload when A signs in again.
// Issue 18: B reviews one of A's cards meanwhile; once A's earlier review arrives the server's state for
// that card is the replay of both reviews in review-time order (not the later one alone), and A gets it.
import { expect, test } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import {
  deckIdOf,
  expectCounts,
  expectPageOffline,
  localProgress,
  openDeck,
  openSubject,
  rateWithKeyboard,
  serverProgress,
  SIGNED_IN_ELSEWHERE,
  STUDY,
  waitForServiceWorker,
} from '../support/study.ts';
import { signedOutDialog, signIn } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

const D = STUDY.bedside;

test('reviews still queued on the first device are kept locally and upload at its next sign-in', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const user = await createUser({ prefix: 'queued' });
  const deviceA = await browser.newContext();
  const deviceB = await browser.newContext();
  try {
    const a = await deviceA.newPage();
    await signIn(a, user.email, user.password);
    await expect(a.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      ["Today's review", 'Offline study', 'Global', 'UG-1'],
      {
        timeout: 20_000,
      },
    );
    await openSubject(a, D.module, D.subject);
    await openDeck(a, D.deck);
    const deckId = deckIdOf(a);
    await expectCounts(a, { new: D.deckSize, due: 0, suspended: 0 });

    // Offline on A: three reviews, queued in the outbox. (setOffline leaves an open event stream
    // alone, so A reloads offline, as a device that lost its network would have no live stream.)
    await waitForServiceWorker(a);
    await deviceA.setOffline(true);
    await expectPageOffline(a);
    await a.reload();
    await expect(a.getByRole('banner').getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
    await expectCounts(a, { new: D.deckSize, due: 0, suspended: 0 });
    const rated: string[] = [];
    for (let i = 0; i < 3; i++) {
      rated.push(await rateWithKeyboard(a, '3'));
      await expectCounts(a, { new: D.deckSize - 1 - i, due: 0, suspended: 0 });
    }

    // B signs in as the same student (A's session is replaced; A cannot hear it while offline).
    const b = await deviceB.newPage();
    await signIn(b, user.email, user.password);
    await expect(b.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      ["Today's review", 'Offline study', 'Global', 'UG-1'],
      {
        timeout: 20_000,
      },
    );
    await expect(signedOutDialog(a)).toHaveCount(0);

    // B studies the same deck (A's reviews have not reached the server) until it has rated A's first card.
    await openSubject(b, D.module, D.subject);
    await openDeck(b, D.deck);
    const ratedOnB: string[] = [];
    while (!ratedOnB.includes(rated[0]!)) ratedOnB.push(await rateWithKeyboard(b, '3'));
    await expect
      .poll(async () => (await serverProgress(deviceB)).records.length, { timeout: 20_000 })
      .toBe(ratedOnB.length);

    // A comes back online, reaches the server and learns it was signed out.
    await deviceA.setOffline(false);
    const notice = signedOutDialog(a);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(SIGNED_IN_ELSEWHERE);
    await expectNoSeriousA11y(a, 'signed out notice after offline');
    // Its replaced session could not upload: the server has B's reviews only (Good on a new card: 20 min).
    const seenByB = await serverProgress(deviceB);
    expect(seenByB.records.map((r) => r.interval)).toEqual(ratedOnB.map(() => 1200));
    // …and A's old cookie is refused.
    expect((await deviceA.request.get('/api/sync/progress?since=0')).status()).toBe(401);
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(a).toHaveURL(/\/$/);

    // A signs in again (which signs B out): the queued reviews, kept on A, upload.
    await signIn(a, user.email, user.password);
    await expect(signedOutDialog(b)).toBeVisible();
    await expect(signedOutDialog(b)).toContainText(SIGNED_IN_ELSEWHERE);
    const reviewed = new Set([...rated, ...ratedOnB]);
    await expect
      .poll(
        async () => {
          const p = await serverProgress(deviceA);
          return p.records.filter((r) => r.deckId === deckId && r.dueDate !== null && !r.isSuspended).length;
        },
        { timeout: 20_000 },
      )
      .toBe(reviewed.size);
    // Good on a new card: 20 minutes. A card both devices rated Good (A's first card, and any other of A's
    // that B met before it): A's review (earlier) then B's — 20 minutes × ease 2.5 — where the later
    // review alone (latest wins) would have left 20 minutes.
    const intervals = (records: { interval: number }[]) =>
      records.map((r) => r.interval).sort((x, y) => x - y);
    const both = (q: string) => rated.includes(q) && ratedOnB.includes(q);
    const expected = [...reviewed].map((q) => (both(q) ? 3000 : 1200)).sort((x, y) => x - y);
    await expect.poll(async () => intervals((await serverProgress(deviceA)).records)).toEqual(expected);
    // A's own copy is the server's: the replayed state came down.
    await expect
      .poll(async () => intervals(await localProgress(a, user.uid)), { timeout: 20_000 })
      .toEqual(expected);

    // A's own copy agrees: the deck shows the reviewed cards as not new.
    await openSubject(a, D.module, D.subject);
    await openDeck(a, D.deck);
    await expectCounts(a, { new: D.deckSize - reviewed.size, due: 0, suspended: 0 });
  } finally {
    await deviceA.close();
    await deviceB.close();
  }
});
