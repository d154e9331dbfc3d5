// What the two web test projects share (vitest.config.ts, vitest.mocks.config.ts).
import type { ViteUserConfig } from 'vitest/config';

export const webTest = {
  environment: 'jsdom',
  setupFiles: ['./src/test-setup.ts'],
  // Above the 10 s findBy/waitFor limit of test-setup.ts, so a slow step fails with its own message.
  testTimeout: 30_000,
} satisfies ViteUserConfig['test'];

/**
 * The files that replace a module with vi.mock. A mock applies only where the module is imported anew,
 * so these run isolated (each file its own module graph), in the 'web-mocks' project; a new file that
 * mocks a module is listed here, or its tests see the real module.
 */
export const MOCKING_FILES = [
  'src/features/admin-topics/components/anki-import-modal.test.tsx',
  'src/features/study/mcq/mcq-player.test.tsx',
  'src/features/study/lecture/lecture-view.test.tsx',
  'src/features/study/study-page.test.tsx',
];
