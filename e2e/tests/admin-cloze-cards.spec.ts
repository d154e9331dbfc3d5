// Journey (issue 20): cloze cards. An admin adds a cloze note (c1 twice, c2, Back Extra) in the deck
// editor with the live preview; a student of the year studies the c1 card — its front hides both c1
// places with c2's answer as plain text, the back reveals them highlighted with Back Extra — and rates
// it Good; the admin edits the note (c2's text changed, c3 added); the student's next sync has 3 cards
// and the c1 card keeps its review.
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { createUser } from '../support/accounts.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { adminWithTopic, signedInApi } from '../support/content.ts';
import {
  answerFace,
  expectAllTopicsDownloaded,
  expectCounts,
  modeButton,
  openDeck,
  openSubject,
  player,
  questionFace,
  ratingGroup,
} from '../support/study.ts';
import { signIn } from '../support/ui.ts';

const PHONE = { width: 390, height: 844 };
const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const shots = path.resolve(import.meta.dirname, '../../docs/screenshots');
/** docs/screenshots/cloze-*.png, only when E2E_SCREENSHOTS=1. */
const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS === '1') await page.screenshot({ path: path.join(shots, `${name}.png`) });
};

test('an admin writes a cloze note, a student studies its cards, an edit keeps the review', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const { admin, t, built } = await adminWithTopic(testInfo);
  const deck = `Cloze ${t}`;
  const setup = await signedInApi(admin.email, admin.password);
  const created = await setup.post(`/api/admin/topics/${built.topicId}/decks`, { data: { name: deck } });
  expect(created.status()).toBe(201);
  const deckId = ((await created.json()) as { deck: { id: string } }).deck.id;
  await setup.dispose();

  await test.step('the admin adds a cloze note in the deck editor and sees each card previewed', async () => {
    await signIn(page, admin.email, admin.password, `/admin/deck/${deckId}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: deck })).toBeVisible();
    await page.locator('label', { hasText: /^Cloze$/ }).click();
    const text = page.getByRole('textbox', { name: 'Text', exact: true });
    await text.click();
    await page.keyboard.type('Berger');
    for (let i = 0; i < 'Berger'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Cloze deletion' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' disease is {{c2::IgA}} nephropathy; {{c1::Berger}} described it.');
    await page.getByRole('textbox', { name: 'Back Extra', exact: true }).click();
    await page.keyboard.type('Mesangial IgA deposits');

    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByText('2 cards:')).toBeVisible();
    const back = preview.getByRole('region', { name: 'Answer' });
    await expect(back.locator('.cloze')).toHaveText(['Berger', 'Berger']);
    await expect(back).toContainText('Mesangial IgA deposits');
    await preview.getByRole('button', { name: 'Hide Answer' }).click();
    await expect(preview.getByRole('region', { name: 'Question' })).toHaveText(
      '[...] disease is IgA nephropathy; [...] described it.',
    );
    await preview.getByRole('button', { name: 'c2' }).click();
    await expect(preview.getByRole('region', { name: 'Question' })).toHaveText(
      'Berger disease is [...] nephropathy; Berger described it.',
    );
    await preview.getByRole('button', { name: 'c1' }).click();
    await preview.getByRole('button', { name: 'Show Answer' }).click();
    await expectNoSeriousA11y(page, 'deck editor: cloze note');
    await shot(page, 'cloze-editor-desktop');
    // The same editor at phone width.
    const desktop = page.viewportSize()!;
    await page.setViewportSize(PHONE);
    await expectNoSeriousA11y(page, 'deck editor: cloze note (phone width)');
    await page.setViewportSize(desktop);
    await page.getByRole('button', { name: 'Add Card' }).click();
    await expect(page.getByText('2 cards', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Cards' }).getByRole('button', { name: /Cloze · 2 cards/ }),
    ).toBeVisible();
  });

  const student = await createUser({ prefix: 'cloze' });
  let c2Reviewed = false;
  const ctx = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const s = await ctx.newPage();
  await test.step('a student studies the c1 card: [...] on the front, highlighted on the back', async () => {
    await signIn(s, student.email, student.password);
    await expect(s.getByRole('main').getByRole('link', { name: new RegExp(built.module) })).toBeVisible({
      timeout: 30_000,
    });
    await openSubject(s, built.module, built.subject);
    await expectAllTopicsDownloaded(s, [built.topic]);
    await openDeck(s, deck);
    await expectCounts(s, { new: 2, due: 0, suspended: 0 });
    const p = player(s, deck);
    const c1Front = '[...] disease is IgA nephropathy; [...] described it.';
    const c2Front = 'Berger disease is [...] nephropathy; Berger described it.';
    // New cards come in the queue's order: the c2 card may come first, then it is rated Good too.
    await expect(questionFace(s)).toHaveText(new RegExp(`^(${escape(c1Front)}|${escape(c2Front)})$`));
    if ((await questionFace(s).textContent()) === c2Front) {
      c2Reviewed = true;
      await p.getByRole('button', { name: 'Show Answer' }).click();
      await expect(answerFace(s).locator('.cloze')).toHaveText(['IgA']);
      await ratingGroup(s).getByRole('button', { name: /^Good/ }).click();
    }
    await expect(questionFace(s)).toHaveText(c1Front);
    await expect(questionFace(s).locator('.cloze')).toHaveCount(2);
    await p.getByRole('button', { name: 'Show Answer' }).click();
    await expect(answerFace(s).locator('.cloze')).toHaveText(['Berger', 'Berger']);
    await expect(answerFace(s)).toContainText('IgA nephropathy');
    await expect(answerFace(s)).toContainText('Mesangial IgA deposits');
    const weight = await answerFace(s)
      .locator('.cloze')
      .first()
      .evaluate((el) => getComputedStyle(el).fontWeight);
    expect(Number(weight)).toBeGreaterThanOrEqual(700);
    await ratingGroup(s).getByRole('button', { name: /^Good/ }).click();
    await expectCounts(s, { new: c2Reviewed ? 0 : 1, due: 0, suspended: 0 });
    if (!c2Reviewed) {
      // c1 came first: the c2 card is next, its one deletion on the back (seen, not rated), so its back
      // is checked whichever card came first.
      await expect(questionFace(s)).toHaveText(c2Front);
      await p.getByRole('button', { name: 'Show Answer' }).click();
      await expect(answerFace(s).locator('.cloze')).toHaveText(['IgA']);
    }
  });

  await test.step('the admin edits the note: c2 changed, c3 added; the c1 card keeps its review', async () => {
    // The admin's browser sign-in ended the API's session (one session per user): a fresh one.
    const api = await signedInApi(admin.email, admin.password);
    const editor = (await (await api.get(`/api/admin/decks/${deckId}`)).json()) as {
      cards: { id: string; noteId: string; ord: number; back: string }[];
    };
    const c1 = editor.cards.find((c) => c.ord === 1)!;
    const edited = await api.patch(`/api/admin/cloze-notes/${c1.noteId}`, {
      data: {
        text: '<p>{{c1::Berger}} disease is {{c2::IgA}} glomerulonephritis; {{c1::Berger}} described it in {{c3::1968}}.</p>',
        backExtra: c1.back,
      },
    });
    expect(edited.status()).toBe(200);
    const body = (await edited.json()) as { cards: { id: string; ord: number }[] };
    expect(body.cards.map((c) => c.ord)).toEqual([1, 2, 3]);
    expect(body.cards[0]!.id).toBe(c1.id);
    await api.post('/api/session/sign-out');
    await api.dispose();
    await expect(async () => {
      // Reloading the deck's page syncs its topic again.
      await s.reload();
      await expect(player(s, deck)).toBeVisible({ timeout: 10_000 });
      // 3 cards: c1 was reviewed (not due, not new), c3 is new, and c2 unless it was reviewed too.
      await expectCounts(s, { new: c2Reviewed ? 1 : 2, due: 0, suspended: 0 }, 2_000);
    }).toPass({ timeout: 60_000 });
    // Free mode goes through every card: three, with the edited text.
    await modeButton(s, 'Free').click();
    const fronts = new Set<string>();
    for (let i = 0; i < 3; i++) {
      fronts.add((await questionFace(s).textContent()) ?? '');
      await player(s, deck).getByRole('button', { name: 'Show Answer' }).click();
      if (i === 0) {
        // The back at phone width, as students see it on a phone.
        const size = s.viewportSize()!;
        await s.setViewportSize(PHONE);
        await expect(answerFace(s).locator('.cloze').first()).toBeVisible();
        await shot(s, 'cloze-player-phone');
        await s.setViewportSize(size);
      }
      await player(s, deck).getByRole('button', { name: 'Next Card' }).click();
    }
    expect([...fronts].sort()).toEqual([
      'Berger disease is IgA glomerulonephritis; Berger described it in [...].',
      'Berger disease is [...] glomerulonephritis; Berger described it in 1968.',
      '[...] disease is IgA glomerulonephritis; [...] described it in 1968.',
    ]);
  });
  await ctx.close();
});
