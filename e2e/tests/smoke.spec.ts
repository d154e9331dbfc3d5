import { expect, test } from '@playwright/test';

test('the server answers health and serves the app', async ({ page, request }) => {
  const res = await request.get('/api/health');
  expect(res.ok()).toBe(true);
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
});
