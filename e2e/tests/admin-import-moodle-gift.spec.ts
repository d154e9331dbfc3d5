// Journey (issue 21, "Done when"): an admin imports a Moodle XML export (its category naming the quiz, an
// embedded @@PLUGINFILE@@ picture, a true/false question, a short-answer question listed as left out)
// and a GIFT file ($CATEGORY, #feedback, ####general feedback) with a bad question fixed in the preview;
// undoes the GIFT import; a student of the year then answers the Moodle question offline, picture shown.
import { expect, test, type Locator } from '@playwright/test';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { createUser } from '../support/accounts.ts';
import { adminWithTopic } from '../support/content.ts';
import {
  expectAllTopicsDownloaded,
  expectPageOffline,
  openSubject,
  resourcesNav,
  waitForServiceWorker,
} from '../support/study.ts';
import { shot } from '../support/shots.ts';
import { signIn } from '../support/ui.ts';

/** A 96 × 64 PNG of a red heart: big enough to see in the preview screenshot. */
const HEART_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAMAAADS6oI8AAABL1BMVEX96Ojzw8Pwt7fvsLD309Ppm5vPODjIHh7LKCjPNzfLKSn629vJIiLVTU385OTywcHwurr419fzwsLQOzvIHx/kiorfdXXvtrbvr6/baGj52tr529vwuLj41dXbZmbig4P95+fKJyfZYGD52dnIICDSREThfX3QPT3fdnbPNjbNLy/74eHroaHJISHXWlrljIzVTEzyvr7fd3f2zc3ljY30xsbyv7/RPz/dcXHolZX2zs7VTk7POTnca2vLKyvKJCTWVlbmj4/TSEjOMzPurKz85eXaZWX63t7ol5fVUFD1ycn95ubMLS3spqb739/30dHwtbXONTXzxMTpmpr0xcXbaWnfeHjvsbHmjo7ywMDgeXnvsrLqnZ3olpbVT0/mkJDWUFDhfHzQPDzurq7bZ2dHoZuOAAAACXBIWXMAAAsTAAALEwEAmpwYAAAB4UlEQVRYw+2X11ICQRREiTus5JyDCcGEEXNOmDHn7P9/g2hhqbh7w+z6YtHPPaepArpnLJb/rGzCWYnWEg59h+PlLlpx2rMydH8sLJpSSldajmpM/XSES34mvu4VPzRna3XYWh1xBj6VE7+UdH93pLUcKSo/pAoNqcdfDmtZy6FYafyMS2iqI0B3QLLqnG6cb37CkL7jFOeny0JXSvrjG1L1HaobDXgVgM7eHTnIkcT4NgGq8Wutw44MEuCFj9+jjkeYXxWIrH7MAf+nY9jxc9RxDQao2PHnMOYIQ3yHMEFQtybMCLgAAmpmBDiBgAkzAh7+OuASCDgxI+AWCLCbEXADBATNCAhCf4RoxDA/D5fRTI8xfGQF6+tBjxH+kBOftPUleb5nnzLKcZcsv9NOu1aM7snxFwPUi9Hkmgy/P0S/2s3O8/lHO5y76WEfl6+M826/wV4ef8rBvb67Rzj81W7+A+Fgmc7f3pJ5gvi6qPzhAbkn1MYCjb/pk32kFcYo/OldA+/APM5/Khh6aaIDkTf6loUHAq9/XNBAUOrfyEDQ6l9+IKj1LzsQ9PqXGwhO/csMBK/++QPBrX/uQPDrnzcQMvXPGQi5+qcPhGz9UwdCvv5pA2Go/nEVi5a22mqLqze7WWAN0yVhRgAAAABJRU5ErkJggg==';

/** A Moodle 4.x export: its category, a pictured question, a true/false one and a short-answer one. */
const moodle = (category: string) => `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category">
    <category>
      <text>$course$/top/${category}</text>
    </category>
  </question>
  <question type="multichoice">
    <name>
      <text>Pictured chamber</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>Which organ is drawn here? <img src="@@PLUGINFILE@@/heart.png" alt="Drawn organ" width="96" height="64"></p>]]></text>
      <file name="heart.png" path="/" encoding="base64">${HEART_PNG}</file>
    </questiontext>
    <generalfeedback format="html">
      <text><![CDATA[<p>It is the <b>heart</b>.</p>]]></text>
    </generalfeedback>
    <single>true</single>
    <answer fraction="0" format="html">
      <text><![CDATA[<p>Lung</p>]]></text>
    </answer>
    <answer fraction="100" format="html">
      <text><![CDATA[<p>Heart</p>]]></text>
    </answer>
  </question>
  <question type="truefalse">
    <name>
      <text>Septum</text>
    </name>
    <questiontext format="moodle_auto_format">
      <text>The septum separates the left and right heart.</text>
    </questiontext>
    <answer fraction="100" format="moodle_auto_format">
      <text>true</text>
    </answer>
    <answer fraction="0" format="moodle_auto_format">
      <text>false</text>
    </answer>
  </question>
  <question type="shortanswer">
    <name>
      <text>Valve name</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>Name the valve between the left atrium and ventricle.</p>]]></text>
    </questiontext>
    <answer fraction="100" format="moodle_auto_format">
      <text>mitral</text>
    </answer>
  </question>
</quiz>
`;

/** A GIFT file: a category, a question with no right answer (fixed in the preview), feedback. */
const gift = (category: string) => `// Rhythm questions, typed by a teacher
$CATEGORY: $course$/top/${category}

::Pacemaker::Which node paces the heart? {
  ~SA node
  ~AV node#Too slow on its own.
  ####The SA node fires first.
}

::Block::Which wave is dropped in second-degree block type II? {
  =The QRS complex#Right\\: a P wave without its QRS.
  ~The P wave#The P wave is always there.
  ####Mobitz II drops QRS complexes without warning.
}
`;

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

async function chooseFile(dialog: Locator, name: string, text: string) {
  await dialog
    .getByLabel('Choose a file')
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
}

test('an admin imports a Moodle XML export with a picture and a GIFT file, undoes one; a student answers offline', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const { admin, t, built } = await adminWithTopic(testInfo);
  const cardiology = `Cardiology ${t}`;
  const rhythm = `Rhythm ${t}`;
  const moodleXml = moodle(cardiology);
  const giftText = gift(rhythm);
  const topicPage = `/admin/topic/${built.topicId}`;
  await signIn(page, admin.email, admin.password, topicPage);
  await expect(page.getByRole('heading', { level: 1, name: built.topic })).toBeVisible();
  await page.getByRole('tab', { name: /MCQs/ }).click();

  await test.step('Moodle XML: the category names the quiz, the picture shows, the short answer is left out', async () => {
    await page.getByRole('button', { name: 'Import Questions' }).click();
    const d = page.getByRole('dialog', { name: 'Import Questions' });
    await chooseFile(d, 'cardiology.xml', moodleXml);
    await expect(d.getByLabel('Format')).toHaveValue('moodle-xml');
    await expect(d.getByText('Preview · 2 questions, 0 errors, 1 left out, 1 picture')).toBeVisible();
    await expect(d.getByLabel('Quiz name')).toHaveValue(cardiology);
    const preview = d.getByRole('region', { name: 'Preview' });
    const picture = preview.getByRole('img', { name: 'Drawn organ' });
    await expect
      .poll(() => picture.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBe(96);
    const left = d.getByRole('region', { name: 'Left out' });
    await expect(left).toContainText(
      `Line ${lineOf(moodleXml, '<question type="shortanswer">')}: Short-answer question 'Valve name' — `,
    );
    await expect(preview.getByRole('radio', { name: 'B. Heart Correct answer' })).toBeVisible();
    await expect(preview.getByText('It is the heart.')).toBeVisible();
    // The true/false question as two options, 'True' right.
    await expect(preview.getByText('The septum separates the left and right heart.')).toBeVisible();
    await expect(preview.getByRole('radio', { name: 'A. True Correct answer' })).toBeVisible();
    await expectNoSeriousA11y(page, 'import moodle xml');
    if (process.env.E2E_SCREENSHOTS === '1') {
      // Tall enough for the picture and the list of what was left out in one picture.
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: size.width, height: 1900 });
      await shot(page, testInfo, 'import-moodle');
      await page.setViewportSize(size);
    }
    await d.getByRole('button', { name: 'Import' }).click();
    await expect(page).toHaveURL(/\/admin\/mcq-quiz\/[^/]+\/edit$/);
    await expect(page.getByText('2 questions added; 1 left out.')).toBeVisible();
  });

  await test.step('GIFT: the category names the quiz, a question without a right answer fixed in place', async () => {
    await page.goto(topicPage);
    await page.getByRole('tab', { name: /MCQs/ }).click();
    await page.getByRole('button', { name: 'Import Questions' }).click();
    const d = page.getByRole('dialog', { name: 'Import Questions' });
    await chooseFile(d, 'rhythm.gift', giftText);
    await expect(d.getByLabel('Format')).toHaveValue('gift');
    await expect(d.getByLabel('Quiz name')).toHaveValue(rhythm);
    await expect(d.getByText('Preview · 1 question, 1 error, 0 left out, 0 pictures')).toBeVisible();
    const bad = lineOf(giftText, '::Pacemaker::');
    const errors = d.getByRole('region', { name: 'Items with errors' });
    await expect(errors).toContainText(`Line ${bad}: `);
    await d.getByRole('button', { name: `Edit line ${bad}` }).click();
    const box = d.getByLabel(`Source of line ${bad}`);
    await expect(box).toBeFocused();
    await box.fill((await box.inputValue()).replace('~SA node', '=SA node'));
    await d.getByRole('button', { name: 'Recheck' }).click();
    await expect(errors).toHaveCount(0);
    await expect(d.getByText('Preview · 2 questions, 0 errors, 0 left out, 0 pictures')).toBeVisible();
    // General feedback is the explanation; an answer's #feedback is appended to it.
    const preview = d.getByRole('region', { name: 'Preview' });
    await expect(preview.getByText('Mobitz II drops QRS complexes without warning.')).toBeVisible();
    await expect(preview.getByText('Right: a P wave without its QRS.')).toBeVisible();
    await expect(preview.getByText('Too slow on its own.')).toBeVisible();
    await d.getByRole('button', { name: 'Import' }).click();
    await expect(page).toHaveURL(/\/admin\/mcq-quiz\/[^/]+\/edit$/);
    await expect(page.getByText('2 questions added.')).toBeVisible();
  });

  await test.step("'Undo import' of the GIFT import removes the quiz it created; the Moodle quiz stays", async () => {
    await page.goto(topicPage);
    await page.getByRole('tab', { name: /MCQs/ }).click();
    const quizzes = page.getByRole('table', { name: 'MCQ quizzes' });
    await expect(quizzes.getByText(rhythm)).toBeVisible();
    await page.getByRole('button', { name: `Undo import into ${rhythm}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Undo import?' });
    await expect(confirm).toContainText('Removes the 2 questions it added.');
    await expect(confirm).toContainText(`Deletes the quiz "${rhythm}"`);
    await confirm.getByRole('button', { name: 'Undo import' }).click();
    await expect(page.getByText(`Import undone: 2 questions removed, "${rhythm}" deleted.`)).toBeVisible();
    await expect(quizzes.getByText(rhythm)).toHaveCount(0);
    await expect(quizzes.getByText(cardiology)).toBeVisible();
  });

  await test.step('a student of the year answers the Moodle question offline, its picture from the device', async () => {
    const student = await createUser({ prefix: 'moodle' });
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, student.email, student.password);
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(built.module) })).toBeVisible({
      timeout: 30_000,
    });
    await openSubject(page, built.module, built.subject);
    await expectAllTopicsDownloaded(page, [built.topic]);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await expectPageOffline(page);
    await resourcesNav(page)
      .getByRole('link', { name: new RegExp(`^${cardiology}`) })
      .click();
    const q = page.getByRole('region', { name: `Quiz: ${cardiology}` });
    await expect(q.getByText(/Which organ is drawn here\?|The septum separates/)).toBeVisible();
    // The questions are shuffled: the true/false one may come first.
    if (await q.getByText('The septum separates').isVisible()) {
      await q.getByRole('radio', { name: /True/ }).click();
      await q.getByRole('button', { name: 'Check Answer' }).click();
      await q.getByRole('button', { name: 'Next Question' }).click();
    }
    await expect(q.getByText('Which organ is drawn here?')).toBeVisible();
    await expect
      .poll(() =>
        q
          .getByRole('img', { name: 'Drawn organ' })
          .evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth),
      )
      .toBe(96);
    await q.getByRole('radio', { name: /Heart/ }).click();
    await q.getByRole('button', { name: 'Check Answer' }).click();
    await expect(q.getByText('Correct!')).toBeVisible();
    await expect(q.getByText('It is the heart.')).toBeVisible();
    await context.setOffline(false);
    await context.close();
  });
});

test('a large Moodle XML file (1,000 questions) is read in the import-read worker, off the page', async ({
  page,
}, testInfo) => {
  const { admin, built } = await adminWithTopic(testInfo);
  const questions = Array.from(
    { length: 1_000 },
    (_, i) => `  <question type="multichoice">
    <name><text>Q${i}</text></name>
    <questiontext format="html"><text><![CDATA[<p>Question ${i}: which side is the heart on?</p>]]></text></questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>Left of the midline.</p>]]></text></generalfeedback>
    <single>true</single>
    <answer fraction="100" format="html"><text><![CDATA[<p>Left</p>]]></text></answer>
    <answer fraction="0" format="html"><text><![CDATA[<p>Right</p>]]></text></answer>
  </question>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join('\n')}\n</quiz>\n`;
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await signIn(page, admin.email, admin.password, `/admin/topic/${built.topicId}`);
  await page.getByRole('tab', { name: /MCQs/ }).click();
  await page.getByRole('button', { name: 'Import Questions' }).click();
  const d = page.getByRole('dialog', { name: 'Import Questions' });
  await chooseFile(d, 'bank.xml', xml);
  await expect(d.getByText('Preview · 1,000 questions, 0 errors, 0 left out, 0 pictures')).toBeVisible({
    timeout: 30_000,
  });
  expect(workers.some((url) => /import-read/.test(url))).toBe(true);
});
