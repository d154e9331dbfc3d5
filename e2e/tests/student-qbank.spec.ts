// Journey (issue 19, the question bank on the device): a student reaches 'Question Bank' from the
// navigation, takes a tutor block with Check Answer (verdict, explanation, 'Not enough answers yet'),
// builds a timed block from two subjects with Unused + Incorrect, flags a question and strikes out an
// option, reloads mid-block offline and finds it as left, ends it (the dialog counts unanswered and
// flagged), reviews it with the Incorrect filter, and finds both blocks under Previous Tests and the
// subjects under Performance. axe-core on each screen; desktop and phone.
import { expect, test, type Page } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { expectPageOffline, STUDY, waitForServiceWorker } from '../support/study.ts';
import { isPhone, signIn } from '../support/ui.ts';

const CELL = STUDY.foundations.subject;

/** With E2E_SCREENSHOTS=1: a full-page picture of the screen, to look at (not kept in the repository). */
async function look(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  const suffix = isPhone(page) ? 'phone' : 'desktop';
  await page.screenshot({ path: `../.tmp/qbank-shots/${name}-${suffix}.png`, fullPage: true });
}
const PHARMA = 'Principles of Pharmacology';

async function openFromNav(page: Page): Promise<void> {
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Question Bank' }).click();
  await expect(page).toHaveURL(/\/qbank$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Question Bank' })).toBeVisible();
}

/** A builder checkbox by its label (modules, subjects, topics, pools). */
const box = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

/** question text → correct option text, read from the student's local store (the keys the player uses). */
async function localKeys(page: Page, uid: string): Promise<Record<string, string>> {
  return page.evaluate(
    (name) =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('mcqQuestions').objectStore('mcqQuestions').getAll();
          req.onsuccess = () => {
            const out: Record<string, string> = {};
            for (const q of req.result as Record<string, string | number>[])
              out[String(q['question']).trim()] = String(q[`option${q['correctOption']}`]).trim();
            open.result.close();
            resolve(out);
          };
        };
      }),
    uid,
  );
}

const article = (page: Page) => page.getByRole('article', { name: 'Question' });
const options = (page: Page) =>
  article(page).getByRole('radiogroup', { name: 'Answer options' }).getByRole('radio');

/** Chooses a wrong option of the current question (by its text, whatever the shuffle). */
async function chooseWrong(page: Page, keys: Record<string, string>): Promise<void> {
  const stem = (await article(page).locator('p').first().innerText()).trim();
  const right = keys[stem];
  expect(right, `key of "${stem}"`).toBeDefined();
  const n = await options(page).count();
  for (let i = 0; i < n; i++) {
    // The radio's text: the letter badge, the screen-reader 'A. ', the option, perhaps a note.
    const lines = (await options(page).nth(i).innerText())
      .split('\n')
      .map((l) => l.replace(/^[A-E]\.\s*/, '').trim());
    if (!lines.includes(right!)) {
      await options(page).nth(i).click();
      return;
    }
  }
  throw new Error('no wrong option');
}

test('question bank: tutor block, timed block from two subjects, reload offline, end, review', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const user = await createUser({ prefix: 'qbank' });
  await signIn(page, user.email, user.password);
  await openFromNav(page);

  await test.step('Create Test lists the subjects once their questions are on the device', async () => {
    // 'Keep my modules on this device' (on by default) brings every topic's questions after the sync.
    await expect(box(page, CELL)).toBeVisible({ timeout: 60_000 });
    await expect(box(page, PHARMA)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('status').filter({ hasText: 'in the chosen pool' })).toContainText(
      /^0 questions/,
    );
    await expect(page.getByRole('button', { name: 'Start Test' })).toBeDisabled();
    await expect(page.getByText('No questions match: choose other topics or pools.')).toBeVisible();
    await expectNoSeriousA11y(page, 'qbank: create test');
    await look(page, 'create-empty');
  });

  const keys = await localKeys(page, user.uid);
  await test.step('a tutor block: Check Answer shows the verdict, explanation and peer figures', async () => {
    await box(page, CELL).check();
    await expect(page.getByRole('status').filter({ hasText: 'in the chosen pool' })).toContainText(
      /^6 questions/,
    );
    await page.getByRole('spinbutton', { name: 'Number of questions' }).fill('2');
    await page.getByRole('button', { name: 'Start Test' }).click();
    await expect(page).toHaveURL(/\/qbank\/block\//);
    await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check Answer' })).toBeDisabled();
    await chooseWrong(page, keys);
    await page.getByRole('button', { name: 'Check Answer' }).click();
    await expect(article(page).getByRole('status')).toHaveText(/^Incorrect\. The correct answer is [A-E]\.$/);
    await expect(page.getByRole('region', { name: 'How everyone answered' })).toContainText(
      'Not enough answers yet',
    );
    await expectNoSeriousA11y(page, 'qbank: tutor checked');
    await look(page, 'tutor-checked');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Question 2 of 2' })).toBeVisible();
    await page.getByRole('button', { name: 'End Block' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'End this block?' });
    await expect(dialog).toContainText('You have 1 question unanswered and 0 questions flagged.');
    await dialog.getByRole('button', { name: 'End Block' }).click();
    await expect(page).toHaveURL(/\/qbank\/review\//);
    await expect(page.getByRole('heading', { name: 'Test review' })).toBeVisible();
  });

  let blockUrl = '';
  await test.step('a timed block from two subjects with Unused + Incorrect', async () => {
    await openFromNav(page);
    await box(page, CELL).check();
    await box(page, PHARMA).check();
    await box(page, 'Incorrect').check();
    // 12 questions in the two subjects, one seen in the tutor block and skipped: 10 unused + 1 incorrect.
    await expect(page.getByRole('status').filter({ hasText: 'in the chosen pool' })).toContainText(
      /^11 questions/,
    );
    await page.getByRole('spinbutton', { name: 'Number of questions' }).fill('40');
    await expect(page.getByText('The pool has 11: the test will have 11.')).toBeVisible();
    await page.getByRole('radio', { name: /^Timed/ }).check();
    await expect(page.getByRole('spinbutton', { name: 'Seconds per question' })).toHaveValue('90');
    await expect(box(page, 'Shuffle options')).toBeChecked();
    await expectNoSeriousA11y(page, 'qbank: create timed test');
    await look(page, 'create-timed');
    await page.getByRole('button', { name: 'Start Test' }).click();
    await expect(page.getByRole('heading', { name: 'Question 1 of 11' })).toBeVisible();
    await expect(page.getByRole('timer', { name: 'Time left' })).toHaveText(/^1[56]:\d\d$/);
    blockUrl = page.url();
  });

  await test.step('answer (one wrong on purpose), flag and strike out', async () => {
    await chooseWrong(page, keys);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Question 2 of 11' })).toBeVisible();
    await page.getByRole('button', { name: 'Flag', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Flagged', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Strike out option B' }).click();
    await expect(page.getByRole('button', { name: 'Restore option B' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await options(page).nth(0).click();
    await expect(options(page).nth(0)).toHaveAttribute('aria-checked', 'true');
    // The key for striking out: Shift + the letter (C here), and again to restore.
    await page.keyboard.press('Shift+C');
    await expect(page.getByRole('button', { name: 'Restore option C' })).toBeVisible();
    await page.keyboard.press('Shift+C');
    await expect(page.getByRole('button', { name: 'Strike out option C' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Questions of the block' });
    await expect(nav.getByRole('button', { name: 'Question 1, answered' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Question 2, answered, flagged' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Question 3, unanswered' })).toBeVisible();
    await expectNoSeriousA11y(page, 'qbank: timed block');
    await look(page, 'timed-block');
  });

  await test.step('reload offline: the block is as it was left', async () => {
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await expectPageOffline(page);
    await page.reload();
    await expect(page).toHaveURL(blockUrl);
    await expect(page.getByRole('heading', { name: 'Question 2 of 11' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Flagged', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Restore option B' })).toBeVisible();
    await expect(options(page).nth(0)).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('timer', { name: 'Time left' })).toHaveText(/^1[56]:\d\d$/);
  });

  await test.step('End Block asks first; the review filters Incorrect', async () => {
    // The keyboard: N goes on, a digit chooses.
    await page.keyboard.press('n');
    await expect(page.getByRole('heading', { name: 'Question 3 of 11' })).toBeVisible();
    await page.keyboard.press('1');
    await expect(options(page).nth(0)).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: 'End Block' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'End this block?' });
    await expect(dialog).toContainText('You have 8 questions unanswered and 1 question flagged.');
    await expectNoSeriousA11y(page, 'qbank: end block dialog');
    await look(page, 'end-dialog');
    await dialog.getByRole('button', { name: 'End Block' }).click();
    await expect(page).toHaveURL(/\/qbank\/review\//);
    await expect(page.getByRole('heading', { name: 'Test review' })).toBeVisible();
    const filters = page.getByRole('group', { name: 'Show questions' });
    await expect(filters.getByRole('button', { name: 'Omitted (8)' })).toBeVisible();
    await expect(filters.getByRole('button', { name: 'Flagged (1)' })).toBeVisible();
    await filters.getByRole('button', { name: /^Incorrect/ }).click();
    const listed = page
      .getByRole('list', { name: 'Questions' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading') });
    expect(await listed.count()).toBeGreaterThanOrEqual(1);
    await expect(listed.filter({ hasNotText: 'Incorrect' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'How everyone answered' }).first()).toContainText(
      'Not enough answers yet',
    );
    await expectNoSeriousA11y(page, 'qbank: review incorrect');
    await look(page, 'review');
  });

  await test.step('Previous Tests and Performance (still offline)', async () => {
    await page.getByRole('link', { name: 'Previous Tests' }).click();
    await expect(page.getByRole('tab', { name: 'Previous Tests' })).toHaveAttribute('aria-selected', 'true');
    const tests = page.getByRole('list', { name: 'Previous tests' }).getByRole('listitem');
    await expect(tests).toHaveCount(2);
    await expect(tests.first()).toContainText('Timed · 11 questions');
    await expect(tests.nth(1)).toContainText('Tutor · 2 questions');
    await expect(tests.nth(1)).toContainText('0%');
    await expectNoSeriousA11y(page, 'qbank: previous tests');
    await look(page, 'previous');
    await page.getByRole('tab', { name: 'Performance' }).click();
    const bySubject = page.getByRole('table', { name: 'By subject' });
    await expect(bySubject.getByRole('rowheader', { name: CELL })).toBeVisible();
    await expect(bySubject.getByRole('rowheader', { name: PHARMA })).toBeVisible();
    await expectNoSeriousA11y(page, 'qbank: performance');
    await look(page, 'performance');
    await page.getByRole('button', { name: 'Create a test from my weakest topics' }).click();
    await expect(page).toHaveURL(/\/qbank\?topics=/);
    await expect(box(page, 'Incorrect')).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'in the chosen pool' })).not.toContainText(
      /^0 questions/,
    );
  });
});
