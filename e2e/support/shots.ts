// Screenshots of admin screens for docs/screenshots (only when E2E_SCREENSHOTS=1): admin-{name}-{project}.png.
import type { Page, TestInfo } from '@playwright/test';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../../docs/screenshots');

export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  const suffix = testInfo.project.name === 'phone' ? 'phone' : 'desktop';
  await page.screenshot({ path: path.join(dir, `admin-${name}-${suffix}.png`), fullPage: true });
}
