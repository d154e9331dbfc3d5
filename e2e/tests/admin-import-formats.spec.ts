// Journey (issue 21): an admin imports question banks and word lists through Import Questions / Import
// Cards — an Aiken file (a bad ANSWER fixed in the preview and rechecked), a Quizlet export and a CSV
// paste (a row without a front fixed in place) — and finds each set in the topic's lists. axe on the
// modal at desktop and phone width.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { adminWithTopic } from '../support/content.ts';
import { shot } from '../support/shots.ts';
import { signIn } from '../support/ui.ts';

const AIKEN = [
  'Which nerve supplies the deltoid?',
  'A. Radial',
  'B. Axillary',
  'C. Ulnar',
  'ANSWER: B',
  '',
  'Which bone is the longest?',
  'A. Tibia',
  'B. Femur',
  'ANSWER: F',
  '',
].join('\n');
const QUIZLET = 'Tachycardia\tHeart rate above 100 bpm\nBradycardia\tHeart rate below 60 bpm\n';
const CSV = 'Front,Back\nSA node?,Sets the rhythm\n,Orphan back\n';

async function chooseFile(dialog: Locator, name: string, text: string) {
  await dialog
    .getByLabel('Choose a file')
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
}

async function fix(page: Page, dialog: Locator, line: number, from: string, to: string) {
  await dialog.getByRole('button', { name: `Edit line ${line}` }).click();
  const box = dialog.getByLabel(`Source of line ${line}`);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await box.fill((await box.inputValue()).replace(from, to));
  await dialog.getByRole('button', { name: 'Recheck' }).click();
  await expect(dialog.getByRole('region', { name: 'Items with errors' })).toHaveCount(0);
}

test('an admin imports an Aiken file, a Quizlet export and a CSV paste, fixing bad items in the preview', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const { admin, t, built } = await adminWithTopic(testInfo);
  const topicPage = `/admin/topic/${built.topicId}`;
  await signIn(page, admin.email, admin.password, topicPage);
  await expect(page.getByRole('heading', { level: 1, name: built.topic })).toBeVisible();

  await test.step('Import Questions: an Aiken file detected, a bad ANSWER fixed and rechecked, imported', async () => {
    await page.getByRole('tab', { name: /MCQs/ }).click();
    await page.getByRole('button', { name: 'Import Questions' }).click();
    const d = page.getByRole('dialog', { name: 'Import Questions' });
    await chooseFile(d, 'nerves.txt', AIKEN);
    await expect(d.getByLabel('Format')).toHaveValue('aiken');
    await expect(d.getByText('Detected: Aiken')).toBeVisible();
    await expect(d.getByText('Preview · 1 question, 1 error, 0 left out, 0 pictures')).toBeVisible();
    await expect(d.getByText('Line 7: ANSWER: F names no option of this question.')).toBeVisible();
    await expect(d.getByRole('radio', { name: /Axillary/ })).toContainText('Correct answer');
    await d.getByLabel('Quiz name').fill(`Nerves ${t}`);
    await expectNoSeriousA11y(page, 'import questions with an error');
    await fix(page, d, 7, 'ANSWER: F', 'ANSWER: B');
    await expect(d.getByText('Preview · 2 questions, 0 errors, 0 left out, 0 pictures')).toBeVisible();
    await expectNoSeriousA11y(page, 'import questions fixed');
    await shot(page, testInfo, 'import-questions');
    await d.getByRole('button', { name: 'Import' }).click();
    await expect(page).toHaveURL(/\/admin\/mcq-quiz\/[^/]+\/edit$/);
    await expect(page.getByText('2 questions added.')).toBeVisible();
  });

  await test.step('Import Cards: a Quizlet export detected and imported', async () => {
    await page.goto(topicPage);
    await page.getByRole('button', { name: 'Import Cards' }).click();
    const d = page.getByRole('dialog', { name: 'Import Cards' });
    await chooseFile(d, 'cardio.txt', QUIZLET);
    await expect(d.getByLabel('Format')).toHaveValue('quizlet');
    await expect(d.getByRole('group', { name: 'Between cards' })).toBeVisible();
    await expect(d.getByText('Preview · 2 cards, 0 errors, 0 left out, 0 pictures')).toBeVisible();
    await expect(d.getByRole('region', { name: 'Front, line 1' })).toHaveText('Tachycardia');
    await d.getByLabel('Deck name').fill(`Rates ${t}`);
    await expectNoSeriousA11y(page, 'import cards quizlet');
    await d.getByRole('button', { name: 'Import' }).click();
    await expect(page).toHaveURL(/\/admin\/deck\/[^/]+\/edit$/);
  });

  await test.step('Import Cards: a CSV paste with a row fixed in place, added to the same deck', async () => {
    await page.goto(topicPage);
    await page.getByRole('button', { name: 'Import Cards' }).click();
    const d = page.getByRole('dialog', { name: 'Import Cards' });
    await d.getByLabel('Deck name').fill(`Rates ${t}`);
    await expect(d.getByText(`Adds to the existing “Rates ${t}”`, { exact: false })).toBeVisible();
    await d.getByLabel('Or paste the text').fill(CSV);
    await expect(d.getByLabel('Format')).toHaveValue('csv');
    await expect(d.getByText('Line 3: Front is required.')).toBeVisible();
    await fix(page, d, 3, ',Orphan', 'AV node?,Orphan');
    await expect(d.getByText('Preview · 2 cards, 0 errors, 0 left out, 0 pictures')).toBeVisible();
    await d.getByRole('button', { name: 'Import' }).click();
    await expect(page).toHaveURL(/\/admin\/deck\/[^/]+\/edit$/);
    await expect(page.getByText('4 cards', { exact: true })).toBeVisible();
  });

  await test.step('the sets are in the topic lists', async () => {
    await page.goto(topicPage);
    const decks = page.getByRole('table', { name: 'Flashcard decks' });
    await expect(decks.getByText(`Rates ${t}`)).toBeVisible();
    await expect(decks.getByText('4 cards')).toBeVisible();
    await page.getByRole('tab', { name: /MCQs/ }).click();
    await expect(page.getByRole('table', { name: 'MCQ quizzes' }).getByText(`Nerves ${t}`)).toBeVisible();
  });
});
