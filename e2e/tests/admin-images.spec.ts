// Journey (issue 8, images): an admin opens the Images tab, uploads two pictures (converted to webp),
// uses one in a lecture and sees the list say so (live, no reload), filters to the unused one, sees the
// spec's 'Failed to delete image: {reason}' when the server refuses, then deletes the unused picture
// after confirming — its file is gone. axe-core on the screen and its dialog at desktop and phone width.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { baseUrl } from '../support/accounts.ts';
import { adminTabs, buildContent, createAdmin, PNG_1X1, signedInApi, tag } from '../support/content.ts';
import { shot } from '../support/shots.ts';
import { isPhone, signIn } from '../support/ui.ts';

test('an admin uploads, sees usedIn, filters and deletes images', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const admin = await createAdmin(testInfo);
  const t = tag();
  const api = await signedInApi(admin.email, admin.password);
  const built = await buildContent(api, t);
  // The browser's sign-in ends this client's session (one session per user): from here on, calls go
  // through the page's own cookies.
  await api.dispose();
  const origin = { origin: baseUrl() };
  const used = `valve-${t}.png`;
  const unused = `spare-${t}.png`;
  const title = `Valves ${t}`;

  await signIn(page, admin.email, admin.password, '/dashboard/modules');
  await adminTabs(page).getByRole('link', { name: 'Images' }).click();
  await expect(page).toHaveURL(/\/dashboard\/images$/);
  const images = page.getByRole('table', { name: 'Images' });
  const row = (name: string) => images.getByRole('row').filter({ hasText: name });

  await test.step('upload two PNGs; each is listed newest first as WebP', async () => {
    const input = page.getByLabel('Upload Image');
    for (const name of [used, unused]) {
      // setInputFiles has no actionability wait: the picker is disabled until the college list names a
      // scope and while an upload is pending, and a file set on it then is never sent.
      await expect(input).toBeEnabled();
      await input.setInputFiles({ name, mimeType: 'image/png', buffer: PNG_1X1 });
      await expect(page.getByText(`${name} uploaded.`)).toBeVisible();
      await expect(row(name)).toBeVisible();
    }
    await expect(row(used).getByText('WebP')).toBeVisible();
    await expect(row(used).getByText('Not used')).toBeVisible();
    const names = await images.getByRole('row').allInnerTexts();
    expect(names.findIndex((r) => r.includes(unused))).toBeLessThan(names.findIndex((r) => r.includes(used)));
    await expect(input).toBeEnabled();
    await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('text') });
    await expect(page.getByText('Image upload failed: Only PNG and JPEG images are accepted.')).toBeVisible();
  });

  await test.step('used in a lecture: the list names the page (live, without a reload)', async () => {
    const list = await page.request.get('/api/admin/images?topicId=' + built.topicId);
    const img = (await list.json()).images.find((i: { fileName: string }) => i.fileName === used);
    const res = await page.request.post('/api/admin/pages', {
      headers: origin,
      data: { topicId: built.topicId, title, htmlBody: `<p><img src="${img.webpUrl}" alt="valve"></p>` },
    });
    expect(res.status()).toBe(201);
    await expect(row(used).getByRole('link', { name: title })).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11y(page, 'admin images');
    if (!isPhone(page)) await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, testInfo, 'images');
  });

  await test.step('filter by usedIn: the page, then the unused images', async () => {
    const filter = page.getByLabel('Used in');
    await filter.selectOption({ label: `Page: ${title}` });
    await expect(row(used)).toBeVisible();
    await expect(row(unused)).toHaveCount(0);
    await filter.selectOption({ label: 'Not used anywhere' });
    await expect(row(unused)).toBeVisible();
    await expect(row(used)).toHaveCount(0);
  });

  await test.step('a refused delete says why; a confirmed delete removes the image and its file', async () => {
    const img = (
      await (await page.request.get('/api/admin/images?topicId=' + built.topicId)).json()
    ).images.find((i: { fileName: string }) => i.fileName === unused);
    await page.route('**/api/admin/images/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'X', message: 'storage is unavailable' } }),
          })
        : route.fallback(),
    );
    await row(unused)
      .getByRole('button', { name: `Delete ${unused}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete image?' });
    await expect(confirm).toContainText(unused);
    await expectNoSeriousA11y(page, 'admin images: delete dialog');
    await shot(page, testInfo, 'images-delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByText('Failed to delete image: storage is unavailable')).toBeVisible();
    await page.unroute('**/api/admin/images/*');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(unused)).toBeVisible();

    await row(unused)
      .getByRole('button', { name: `Delete ${unused}` })
      .click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Image deleted.')).toBeVisible();
    await expect(row(unused)).toHaveCount(0);
    expect((await page.request.get(img.webpUrl)).status()).toBe(404);
    expect((await page.request.get(img.storageUrl)).status()).toBe(404);
  });
});
