// Admin lecture editor: /admin/html/new/edit?topicId=… and /admin/html/{contentId}/edit (lazy, admin chunk only).
export { LectureEditorPage } from './lecture-editor-page.tsx';
