// Announcements feature: the student's announcements page (/announcements).
export { AnnouncementsPage, NO_ANNOUNCEMENTS } from './components/announcements-page.tsx';
