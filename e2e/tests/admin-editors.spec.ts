// Journey (issue 22, editors that fit a real bank): an admin creates a deck and a quiz without CSV (New
// Deck / New Quiz), formats a card face in the rich editor (bold, a list, a picture; the Source view
// shows the markup), finds a question by a word in a long quiz (its number kept), and loses nothing by
// mistake: the breadcrumb asks first, closing the page keeps a draft that 'Restore draft' brings back,
// in the quiz and the lecture editor. axe on every screen, desktop and phone.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { superadminFor } from '../support/accounts.ts';
import { adminWithTopic, PNG_1X1, signedInApi } from '../support/content.ts';
import { shot } from '../support/shots.ts';
import { signIn } from '../support/ui.ts';

/** 40 vignettes that all start alike; number 27 is the nephrotic one. */
const QUESTIONS = Array.from({ length: 40 }, (_, i) => ({
  question:
    i === 26
      ? 'A 45-year-old man has frothy urine, oedema and low albumin. Which syndrome is this?'
      : `A 45-year-old patient (case ${i + 1}) presents with chest pain after exercise. What is the next step?`,
  option1: i === 26 ? 'Nephrotic syndrome' : 'ECG',
  option2: i === 26 ? 'Nephritic syndrome' : 'Discharge',
  option3: null,
  option4: null,
  option5: null,
  correctOption: 1,
  explanation: null,
}));

const crumb = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name, exact: true });
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

test('an admin builds a deck and a quiz without CSV, finds a question and loses nothing by mistake', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const { admin, t, built } = await adminWithTopic(testInfo);
  await signIn(page, admin.email, admin.password, `/admin/topic/${built.topicId}`);
  await expect(page.getByRole('heading', { level: 1, name: built.topic })).toBeVisible();

  await test.step('New Deck: a name, then the empty deck opens in its editor', async () => {
    await page.getByRole('button', { name: 'New Deck' }).click();
    const d = page.getByRole('dialog', { name: 'New deck' });
    await d.getByRole('button', { name: 'Create Deck' }).click();
    await expect(d.getByRole('alert')).toHaveText('Please provide a name for this Flashcards set.');
    await d.getByLabel('Deck name').fill(`Renal ${t}`);
    await expectNoSeriousA11y(page, 'new deck dialog');
    await d.getByRole('button', { name: 'Create Deck' }).click();
    await expect(page).toHaveURL(/\/admin\/deck\/[^/]+\/edit$/);
    await expect(page.getByRole('heading', { level: 1, name: `Renal ${t}` })).toBeVisible();
    await expect(page.getByText('0 cards', { exact: true })).toBeVisible();
    await expect(page.getByText('No cards yet.')).toBeVisible();
  });

  await test.step('a card face formatted in the rich editor, with a picture', async () => {
    const front = page.getByRole('textbox', { name: 'Front', exact: true });
    const frontTools = page.getByRole('toolbar', { name: 'Front formatting' });
    await front.click();
    await frontTools.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Nephron');
    await frontTools.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' — which part filters?');
    await frontTools.getByRole('button', { name: 'Image' }).click();
    const img = page.getByRole('dialog', { name: 'Insert image' });
    await expectNoSeriousA11y(page, 'deck editor: image dialog');
    await img
      .getByLabel(/Upload a PNG or JPEG/)
      .setInputFiles({ name: `glomerulus-${t}.png`, mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(img).toBeHidden();
    const back = page.getByRole('textbox', { name: 'Back', exact: true });
    await back.click();
    await page
      .getByRole('toolbar', { name: 'Back formatting' })
      .getByRole('button', { name: 'Bulleted list' })
      .click();
    await page.keyboard.type('Glomerulus');
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.locator('strong')).toHaveText('Nephron');
    await expect(preview.getByRole('img', { name: `glomerulus-${t}.png` })).toBeVisible();
    await expect(preview.getByRole('listitem')).toHaveText('Glomerulus');
    await page.getByRole('button', { name: 'Front source' }).click();
    await expect(page.getByLabel('Front HTML source')).toHaveValue(
      /<strong>Nephron<\/strong>.*<img src="[^"]+"/s,
    );
    await page.getByRole('button', { name: 'Front source' }).click();
    await expectNoSeriousA11y(page, 'deck editor: rich card faces');
    await shot(page, testInfo, 'deck-editor-rich');
    await page.getByRole('button', { name: 'Add Card' }).click();
    await expect(page.getByText('1 card', { exact: true })).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: 'Cards' })
        .getByRole('button', { name: /^1\. Nephron — which part filters\?/ }),
    ).toBeVisible();
  });

  let quizUrl = '';
  await test.step('New Quiz from the topic page (nothing unsaved: no question asked)', async () => {
    await crumb(page, built.topic).click();
    await page.getByRole('tab', { name: /MCQs/ }).click();
    await page.getByRole('button', { name: 'New Quiz' }).click();
    const d = page.getByRole('dialog', { name: 'New quiz' });
    await d.getByLabel('Quiz name').fill(`Renal MCQs ${t}`);
    await d.getByRole('button', { name: 'Create Quiz' }).click();
    await expect(page).toHaveURL(/\/admin\/mcq-quiz\/[^/]+\/edit$/);
    await expect(page.getByText('0 questions', { exact: true })).toBeVisible();
    // An empty question's preview gives no verdict.
    await expect(page.getByRole('region', { name: 'Preview' }).getByText('Correct!')).toHaveCount(0);
    quizUrl = new URL(page.url()).pathname;
  });

  await test.step('a long quiz: a question found by a word, its number kept', async () => {
    // Forty questions arrive through the API (as a colleague's import would), by the superadmin.
    const sa = superadminFor(testInfo);
    const api = await signedInApi(sa.email, sa.password);
    try {
      const res = await api.post(`/api/admin/topics/${built.topicId}/bulk/questions`, {
        data: { name: `Renal MCQs ${t}`, add: QUESTIONS, update: [] },
      });
      expect(res.status()).toBe(200);
      await api.post('/api/session/sign-out');
    } finally {
      await api.dispose();
    }
    await page.reload();
    await expect(page.getByText('40 questions', { exact: true })).toBeVisible();
    const list = page.getByRole('navigation', { name: 'Questions' });
    await list.getByLabel('Find a question').fill('nephrot');
    await expect(list.getByText('1 of 40 questions match')).toBeVisible();
    const hit = list.getByRole('button', { name: /^27\. A 45-year-old man has frothy urine/ });
    await expect(hit).toBeVisible();
    await expectNoSeriousA11y(page, 'quiz editor: search');
    await shot(page, testInfo, 'quiz-editor-search');
    await hit.click();
    await expect(page.getByRole('heading', { name: 'Question 27' })).toBeVisible();
  });

  await test.step('leaving by mistake asks first; closing the page keeps a draft that comes back', async () => {
    // The explanation is a rich editor (issue 19): its editable is a textbox of that name.
    const explanation = page.getByRole('textbox', { name: 'Explanation (optional)', exact: true });
    await explanation.fill('Proteinuria above 3.5 g a day defines it.');
    await crumb(page, built.topic).click();
    await expect(leaveDialog(page)).toBeVisible();
    await expectNoSeriousA11y(page, 'quiz editor: leave without saving?');
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(new RegExp(`${quizUrl}$`));
    await expect(explanation).toHaveText('Proteinuria above 3.5 g a day defines it.');

    // Closing or reloading the tab: the browser asks (beforeunload); the draft is on the device.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      }),
    );
    await page.reload();
    expect(await asked).toBe('beforeunload');
    await page.getByRole('button', { name: 'Restore draft' }).click();
    await expect(page.getByRole('heading', { name: 'Question 27' })).toBeVisible();
    await expect(explanation).toHaveText('Proteinuria above 3.5 g a day defines it.');
    await expectNoSeriousA11y(page, 'quiz editor: draft restored');
    await page.getByRole('button', { name: 'Save Question' }).click();
    await expect(page.getByText('Question saved.')).toBeVisible();
    await crumb(page, built.topic).click();
    await expect(page.getByRole('heading', { level: 1, name: built.topic })).toBeVisible();
  });

  await test.step('the lecture editor keeps a draft too', async () => {
    await page.getByRole('tab', { name: /HTML Content/ }).click();
    await page.getByRole('button', { name: 'Add New Page' }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Glomerular filtration ${t}`);
    await page.getByRole('textbox', { name: 'Lecture body' }).click();
    await page.keyboard.type('About 180 litres a day.');
    // A new page's breadcrumb names its topic only once saved.
    await crumb(page, 'Topic').click();
    await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
    await expect(page.getByRole('heading', { level: 1, name: built.topic })).toBeVisible();
    await page.getByRole('tab', { name: /HTML Content/ }).click();
    await page.getByRole('button', { name: 'Add New Page' }).click();
    await page.getByRole('button', { name: 'Restore draft' }).click();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
      `Glomerular filtration ${t}`,
    );
    await expect(page.getByRole('textbox', { name: 'Lecture body' })).toHaveText('About 180 litres a day.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/html\/[^/]+\/edit$/);
    // Saved: nothing to ask about, nothing offered next time.
    await crumb(page, built.topic).click();
    await expect(page.getByRole('heading', { level: 1, name: built.topic })).toBeVisible();
  });
});
