// Journey (issue 8; 'Undo import', issue 21): an admin fills a topic from pasted spreadsheets — Bulk Add Cards (a bad row listed
// by number, imported valid rows only) and Bulk Add MCQs — then edits both in the deck and quiz
// editors (spec messages, Ctrl+Enter saves and opens the next item, delete with confirmation), and
// deletes a quiz from the topic page. axe on every screen; screenshots for docs/screenshots.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { adminWithTopic } from '../support/content.ts';
import { shot } from '../support/shots.ts';
import { signIn } from '../support/ui.ts';

const CARDS = [
  'Front,Back',
  'What does the SA node do?,Sets the heart rhythm',
  ',Orphan back',
  'Normal resting heart rate?,60–100 bpm',
  'Where is the AV node?,Interatrial septum',
].join('\n');
const MCQS = [
  'Question,A,B,C,D,E,Correct,Explanation',
  'Which valve sits between the left atrium and ventricle?,Tricuspid,Mitral,Aortic,Pulmonary,,B,The mitral valve has two cusps.',
  'Which vessel carries blood to the lungs?,Aorta,Pulmonary artery,Vena cava,,,2,',
].join('\n');

const ctrlEnter = (page: Page) => page.keyboard.press('Control+Enter');

test('an admin bulk-adds cards and MCQs to a topic and edits them in the deck and quiz editors', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const { admin, t, built } = await adminWithTopic(testInfo);

  await signIn(page, admin.email, admin.password, `/admin/topic/${built.topicId}`);
  await expect(page.getByRole('heading', { level: 1, name: built.topic })).toBeVisible();
  await expect(page.getByText('No flashcard decks yet')).toBeVisible();
  await expectNoSeriousA11y(page, 'topic resources');

  await test.step('Bulk Add Cards: name required, a bad row by number, valid rows only, Confirm & Upload', async () => {
    await page.getByRole('button', { name: 'Bulk Add Cards' }).click();
    const d = page.getByRole('dialog', { name: 'Bulk Add Cards' });
    await d.getByRole('button', { name: 'Confirm & Upload' }).click();
    await expect(d.getByRole('alert')).toHaveText('Please provide a name for this Flashcards set.');
    await d.getByLabel('Deck name').fill(`Cardio ${t}`);
    await d.getByLabel('Paste comma-separated data').fill(CARDS);
    await expect(d.getByText('Preview · 4 rows, 3 valid cards')).toBeVisible();
    await expect(d.getByRole('table', { name: 'First rows of the import' }).getByRole('row')).toHaveCount(5);
    await expect(d.getByText('Row 3: Front is required.')).toBeVisible();
    await d.getByRole('button', { name: 'Confirm & Upload' }).click();
    await expect(d.getByRole('alert')).toContainText('Import valid rows only');
    await d.getByLabel('Import valid rows only').check();
    await expectNoSeriousA11y(page, 'bulk add cards');
    await shot(page, testInfo, 'bulk-cards');
    await d.getByRole('button', { name: 'Confirm & Upload' }).click();
    await expect(page).toHaveURL(/\/admin\/deck\/[^/]+\/edit$/);
    await expect(page.getByText('3 cards', { exact: true })).toBeVisible();
  });

  await test.step('deck editor: both faces required, Ctrl+Enter adds and opens the next card, edit keeps it, delete asks first', async () => {
    const cards = page.getByRole('navigation', { name: 'Cards' });
    await expect(cards.getByRole('listitem')).toHaveCount(3);
    // The faces are rich editors (issue 22): Ctrl+B makes bold; each toolbar is one Tab stop.
    const front = page.getByRole('textbox', { name: 'Front', exact: true });
    const back = page.getByRole('textbox', { name: 'Back', exact: true });
    await front.click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Bundle of His');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' location?');
    await ctrlEnter(page);
    await expect(page.getByRole('alert')).toHaveText('Both front and back content are required.');
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('toolbar', { name: 'Back formatting' }).getByRole('button', { name: 'Bold' }),
    ).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(back).toBeFocused();
    await page.keyboard.type('Interventricular septum');
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('region', { name: 'Question' }).locator('strong, b')).toHaveText(
      'Bundle of His',
    );
    await expect(preview.getByRole('region', { name: 'Answer' })).toHaveText('Interventricular septum');
    await ctrlEnter(page);
    await expect(page.getByText('4 cards', { exact: true })).toBeVisible();
    await expect(front).toHaveText('');
    await expect(front).toBeFocused();
    await cards.getByRole('button', { name: /Normal resting heart rate/ }).click();
    await back.fill('60 to 100 beats per minute');
    await page.getByRole('button', { name: 'Save Card' }).click();
    await expect(page.getByText('Card saved.')).toBeVisible();
    await expectNoSeriousA11y(page, 'deck editor');
    await shot(page, testInfo, 'deck-editor');
    await cards.getByRole('button', { name: 'Delete card 1' }).click();
    await page.getByRole('dialog', { name: 'Delete card?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('3 cards', { exact: true })).toBeVisible();
  });

  await test.step('Bulk Add MCQs and the quiz editor', async () => {
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: built.topic })
      .click();
    await expect(page.getByRole('table', { name: 'Flashcard decks' })).toContainText('3 cards');
    await page.getByRole('tab', { name: /MCQs/ }).click();
    await page.getByRole('button', { name: 'Bulk Add MCQs' }).click();
    const d = page.getByRole('dialog', { name: 'Bulk Add MCQs' });
    await d.getByLabel('Quiz name').fill(`Cardio MCQs ${t}`);
    await d.getByLabel('Paste comma-separated data').fill(MCQS);
    await expect(d.getByText('Preview · 2 rows, 2 valid questions')).toBeVisible();
    await d.getByRole('button', { name: 'Confirm & Upload' }).click();
    await expect(page).toHaveURL(/\/admin\/mcq-quiz\/[^/]+\/edit$/);
    await expect(page.getByText('2 questions', { exact: true })).toBeVisible();

    await page
      .getByRole('textbox', { name: 'Question', exact: true })
      .fill('Which chamber has the thickest wall?');
    await page.getByRole('textbox', { name: 'Option A', exact: true }).fill('Left ventricle');
    await page.getByRole('button', { name: 'Add Question' }).click();
    await expect(page.getByRole('alert')).toHaveText('At least the first two options are required.');
    await page.getByRole('textbox', { name: 'Option B', exact: true }).fill('Right atrium');
    await page
      .getByRole('textbox', { name: 'Explanation (optional)', exact: true })
      .fill('It pumps against systemic pressure.');
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('radio', { name: /Left ventricle/ })).toContainText('Correct');
    await ctrlEnter(page);
    await expect(page.getByText('3 questions', { exact: true })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Questions' })
      .getByRole('button', { name: /Which vessel/ })
      .click();
    await page.getByLabel('Correct option').selectOption('1');
    await page.getByRole('button', { name: 'Save Question' }).click();
    await expect(page.getByText('Question saved.')).toBeVisible();
    // The notice lets a click through to what it covers (only its Dismiss takes one): the point at its
    // middle belongs to the page beneath, so the next action need not wait out its 5 s.
    const notice = (await page.getByRole('status').filter({ hasText: 'Question saved.' }).boundingBox())!;
    const middle = [notice.x + notice.width / 2, notice.y + notice.height / 2] as const;
    expect(
      await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('[role="status"]') ?? null,
        middle,
      ),
    ).toBeNull();
    await expectNoSeriousA11y(page, 'quiz editor');
    await shot(page, testInfo, 'quiz-editor');
  });

  await test.step('delete the quiz from the topic page after a confirmation', async () => {
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: built.topic })
      .click();
    await page.getByRole('tab', { name: /MCQs/ }).click();
    await expect(page.getByRole('table', { name: 'MCQ quizzes' })).toContainText('3 questions');
    await expectNoSeriousA11y(page, 'topic resources (MCQs)');
    await shot(page, testInfo, 'topic-resources');
    await page.getByRole('button', { name: `Delete Cardio MCQs ${t}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete quiz?' });
    await expect(confirm).toContainText('3 questions will be deleted permanently');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No MCQ quizzes yet')).toBeVisible();
  });

  await test.step("'Undo import' (issue 21): only while nothing imported was edited; it removes the quiz it created", async () => {
    // The deck's cards were edited in its editor: its import can no longer be undone.
    await page.getByRole('tab', { name: /Flashcards/ }).click();
    await expect(page.getByRole('table', { name: 'Flashcard decks' })).toContainText('3 cards');
    await expect(page.getByRole('button', { name: /^Undo import into/ })).toHaveCount(0);
    await page.getByRole('tab', { name: /MCQs/ }).click();
    await page.getByRole('button', { name: 'Bulk Add MCQs' }).click();
    const d = page.getByRole('dialog', { name: 'Bulk Add MCQs' });
    await d.getByLabel('Quiz name').fill(`Undo me ${t}`);
    await d.getByLabel('Paste comma-separated data').fill(MCQS);
    await d.getByRole('button', { name: 'Confirm & Upload' }).click();
    await expect(page).toHaveURL(/\/admin\/mcq-quiz\/[^/]+\/edit$/);
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: built.topic })
      .click();
    await page.getByRole('tab', { name: /MCQs/ }).click();
    await page.getByRole('button', { name: `Undo import into Undo me ${t}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Undo import?' });
    await expect(confirm).toContainText('The CSV import of');
    await expect(confirm).toContainText('Removes the 2 questions it added.');
    await expect(confirm).toContainText(`Deletes the quiz "Undo me ${t}"`);
    await expectNoSeriousA11y(page, 'undo import');
    await confirm.getByRole('button', { name: 'Undo import' }).click();
    await expect(page.getByText(`Import undone: 2 questions removed, "Undo me ${t}" deleted.`)).toBeVisible();
    await expect(page.getByText('No MCQ quizzes yet')).toBeVisible();
  });
});
