// Admin announcements tab: mounted by the admin shell at /dashboard/announcements.
export { AnnouncementsTab } from './announcements-tab.tsx';
