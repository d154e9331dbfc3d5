// Demo announcements: one of every type, active at seeding time, plus one that has already expired.
import type { DemoAnnouncement } from './types.ts';

export const DEMO_ANNOUNCEMENTS: DemoAnnouncement[] = [
  {
    title: 'Welcome to First Year on Zan',
    description:
      'Your Foundations of Medicine module and the Clinical Skills Essentials module are open to everyone. Download them for offline study from the dashboard, and check this page for timetable changes.',
    type: 'General',
    dateOffsetDays: -2,
    expiresOffsetDays: 60,
  },
  {
    title: 'Cardiovascular formative MCQ exam',
    description:
      '60 single-best-answer questions covering cardiac anatomy, the conduction system, the cardiac cycle and antihypertensive drugs. Main lecture theatre, 09:00. Bring your student ID card.',
    type: 'Exam',
    dateOffsetDays: 14,
    expiresOffsetDays: 15,
  },
  {
    title: 'Mid-semester break',
    description:
      'No teaching during the mid-semester break. The library and skills lab keep reduced opening hours; teaching resumes on the following Monday.',
    type: 'Holiday',
    dateOffsetDays: 21,
    expiresOffsetDays: 30,
  },
  {
    title: 'Anatomy logbook sign-off deadline',
    description:
      'Get your dissection-room logbook signed by a demonstrator by 17:00 on Friday this week. Incomplete logbooks must be completed before the end-of-term assessment.',
    type: 'Reminder',
    dateOffsetDays: 1,
    expiresOffsetDays: 5,
  },
  {
    title: 'Basic Life Support workshop',
    description:
      'Hands-on adult BLS and AED training in the clinical skills centre, in small groups of eight. Wear comfortable clothes. Sign up at the skills centre reception.',
    type: 'Event',
    dateOffsetDays: 10,
    expiresOffsetDays: 11,
  },
  {
    title: 'Induction week campus tour',
    description:
      'Meet at the main entrance for a guided tour of the library, dissection room and skills centre.',
    type: 'Event',
    dateOffsetDays: -40,
    expiresOffsetDays: -39,
  },
];
