// Admin subjects: the Subjects tab and a module's subjects page (/admin/module/{moduleId}/subjects).
export { SubjectsPage } from './subjects-page.tsx';
export { SubjectsTab } from './subjects-tab.tsx';
