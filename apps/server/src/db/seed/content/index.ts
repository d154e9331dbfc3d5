// Demo content for 'Demo Medical College' (First Year, 2025-2026): modules > subjects > topics with decks,
// quizzes and lecture pages, announcements and the SVG diagrams the HTML refers to. Pure data.
import { DEMO_ANNOUNCEMENTS } from './announcements.ts';
import { DEMO_IMAGES } from './images.ts';
import { CARDIOVASCULAR_MODULE } from './module-cardiovascular.ts';
import { CLINICAL_SKILLS_MODULE } from './module-clinical-skills.ts';
import { FOUNDATIONS_MODULE } from './module-foundations.ts';
import { RENAL_RESPIRATORY_MODULE } from './module-renal-respiratory.ts';
import type { DemoContent } from './types.ts';

export type * from './types.ts';
export { DEMO_IMAGE_BASE_PATH } from './types.ts';

export const DEMO_CONTENT: DemoContent = {
  modules: [CLINICAL_SKILLS_MODULE, FOUNDATIONS_MODULE, CARDIOVASCULAR_MODULE, RENAL_RESPIRATORY_MODULE],
  announcements: DEMO_ANNOUNCEMENTS,
  images: DEMO_IMAGES,
};
