// Journey (issue 8, lecture editor): an admin writes a lecture with a heading, a recall passage and an
// uploaded image in the rich editor (the first save moves to the edit route; inserting the image
// saves) and a link through the link dialog (a javascript: address refused), a text file renamed .png
// is refused; a student of the year syncs, goes offline and reads
// the lecture with the recall passage hidden and revealed and the picture shown. axe on the editor.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { createUser } from '../support/accounts.ts';
import { adminWithTopic, PNG_1X1 } from '../support/content.ts';
import { shot } from '../support/shots.ts';
import {
  expectAllTopicsDownloaded,
  expectPageOffline,
  openSubject,
  resourcesNav,
  waitForServiceWorker,
} from '../support/study.ts';
import { isPhone, signIn } from '../support/ui.ts';

test('an admin writes a lecture with a recall passage and an image; a student reads it offline', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  const { admin, t, built } = await adminWithTopic(testInfo);
  const title = `Cardiac cycle ${t}`;

  await signIn(page, admin.email, admin.password, `/admin/topic/${built.topicId}`);
  await page.getByRole('tab', { name: /HTML Content/ }).click();
  await page.getByRole('button', { name: 'Add New Page' }).click();
  await expect(page).toHaveURL(/\/admin\/html\/new\/edit\?topicId=/);

  await test.step('title required; heading and recall passage; first save moves to the edit route', async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Title is required before saving.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    const body = page.getByRole('textbox', { name: 'Lecture body' });
    await body.click();
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await toolbar.getByRole('button', { name: 'Heading 2' }).click();
    await expect(toolbar.getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Phases');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Intro ');
    await toolbar.getByRole('button', { name: 'Recall passage' }).click();
    await page.keyboard.type('S1 closes the AV valves');
    await toolbar.getByRole('button', { name: 'Recall passage' }).click();
    await page.keyboard.type(' end. See ');
    // Links through the link dialog: web and mail addresses only, Enter saves, Esc cancels.
    await toolbar.getByRole('button', { name: 'Link', exact: true }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Insert link' });
    await linkDialog.getByRole('textbox', { name: 'Address' }).fill('javascript:alert(1)');
    await linkDialog.getByRole('textbox', { name: 'Text to show' }).fill('NICE guidance');
    await linkDialog.getByRole('textbox', { name: 'Text to show' }).press('Enter');
    await expect(linkDialog.getByText(/^Enter a web address/)).toBeVisible();
    await expect(linkDialog.getByRole('textbox', { name: 'Address' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectNoSeriousA11y(page, 'lecture editor: link dialog');
    await shot(page, testInfo, 'lecture-link-dialog');
    await linkDialog.getByRole('textbox', { name: 'Address' }).fill('nice.org.uk/guidance');
    await linkDialog.getByRole('textbox', { name: 'Address' }).press('Enter');
    await expect(linkDialog).toBeHidden();
    await page.keyboard.press('ArrowLeft');
    await toolbar.getByRole('button', { name: 'Edit link' }).click();
    const editLink = page.getByRole('dialog', { name: 'Edit link' });
    await expect(editLink.getByRole('textbox', { name: 'Address' })).toHaveValue(
      'https://nice.org.uk/guidance',
    );
    await expect(editLink.getByRole('button', { name: 'Remove link' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(editLink).toBeHidden();
    // The live preview is the student's own viewer.
    const preview = page.getByRole('region', { name: 'Preview' }).getByRole('article', { name: title });
    await expect(preview.getByRole('heading', { name: 'Phases' })).toBeVisible();
    await expect(preview.locator('span.recall')).toHaveText('S1 closes the AV valves');
    await expect(preview.getByRole('link', { name: 'NICE guidance' })).toHaveAttribute(
      'href',
      'https://nice.org.uk/guidance',
    );
    await page.getByRole('button', { name: 'Source' }).click();
    await expect(page.getByLabel('HTML source')).toHaveValue(
      /<span class="recall">S1 closes the AV valves<\/span>/,
    );
    await page.getByRole('button', { name: 'Source' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/html\/(?!new)[^/]+\/edit$/);
  });

  await test.step('an uploaded image is inserted and saved; a text file renamed .png is refused', async () => {
    await page.getByRole('textbox', { name: 'Lecture body' }).click();
    await page.keyboard.press('Control+End');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
    const d = page.getByRole('dialog', { name: 'Insert image' });
    await d
      .getByLabel(/Upload a PNG or JPEG/)
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text') });
    await expect(d.getByText('Image upload failed: Only PNG and JPEG images are accepted.')).toBeVisible();
    await expectNoSeriousA11y(page, 'lecture editor: image dialog');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/admin/pages/') && r.request().method() === 'PATCH',
    );
    await d
      .getByLabel(/Upload a PNG or JPEG/)
      .setInputFiles({ name: 'heart.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(d).toBeHidden();
    expect((await saved).status()).toBe(200);
    await expect(
      page.getByRole('region', { name: 'Preview' }).getByRole('img', { name: 'heart.png' }),
    ).toBeVisible();
    await expectNoSeriousA11y(page, 'lecture editor');
    await shot(page, testInfo, 'lecture-editor');
  });

  if (isPhone(page)) return;
  await page.context().clearCookies();
  const student = await createUser({ prefix: 'lecture' });
  await page.goto('/');
  await signIn(page, student.email, student.password);
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(built.module) })).toBeVisible({
    timeout: 30_000,
  });
  await openSubject(page, built.module, built.subject);
  await expectAllTopicsDownloaded(page, [built.topic]);
  await waitForServiceWorker(page);

  await test.step('offline: the lecture with its recall passage and picture', async () => {
    await context.setOffline(true);
    await expectPageOffline(page);
    await resourcesNav(page).getByRole('link', { name: title }).click();
    const article = page.getByRole('article', { name: title });
    await expect(article.getByRole('heading', { name: 'Phases' })).toBeVisible();
    await expect
      .poll(() =>
        article
          .getByRole('img', { name: 'heart.png' })
          .evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth),
      )
      .toBe(1);
    await article.getByRole('switch', { name: 'Recall mode' }).click();
    const passage = article.locator('.lecture-body [data-recall-index="0"]');
    await expect(passage).toHaveAttribute('data-recall', 'hidden');
    await passage.click();
    await expect(passage).toHaveAttribute('data-recall', 'revealed');
    await expect(passage).toHaveText('S1 closes the AV valves');
    await context.setOffline(false);
  });
});
