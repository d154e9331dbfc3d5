// Every TanStack Query key of the app, built here and nowhere else: a feature asks for `keys.x(...)`
// and invalidates by the same builders, so no key is ever retyped as a string.
import type { Role } from '@zan/core';

const admin = ['admin'] as const;

export const keys = {
  admin,
  /** The public colleges list (sign-up form) — refreshed after every college change. */
  publicColleges: () => ['public-colleges'] as const,
  /** The student's latest parameter fit (Account → Scheduler 'Optimize'). */
  schedulerOptimize: () => ['scheduler-optimize'] as const,
  colleges: () => [...admin, 'colleges'] as const,
  users: () => [...admin, 'users'] as const,
  userGroup: (role: Role, search: string) => [...admin, 'users', role, search] as const,
  grants: () => [...admin, 'grants'] as const,
  userGrants: (uid: string) => [...admin, 'grants', uid] as const,
  modules: () => [...admin, 'modules'] as const,
  moduleList: (params: object) => [...admin, 'modules', 'list', params] as const,
  module: (id: string) => [...admin, 'modules', 'one', id] as const,
  subjects: () => [...admin, 'subjects'] as const,
  subjectList: (params: object) => [...admin, 'subjects', 'list', params] as const,
  subject: (id: string) => [...admin, 'subjects', 'one', id] as const,
  topics: () => [...admin, 'topics'] as const,
  topicList: (params: object) => [...admin, 'topics', 'list', params] as const,
  topic: (id: string) => [...admin, 'topics', 'one', id] as const,
  /** A topic's decks, quizzes and pages (the topic resources page). */
  topicResources: (topicId: string) => [...admin, 'topics', 'resources', topicId] as const,
  deck: (id: string) => [...admin, 'decks', id] as const,
  quiz: (id: string) => [...admin, 'quizzes', id] as const,
  /** A quiz's item statistics (issue 19; apart from the quiz, so a save does not recount them). */
  itemStats: (quizId: string) => [...admin, 'item-stats', quizId] as const,
  page: (id: string) => [...admin, 'pages', id] as const,
  /** Every image list (a live 'image' event or an upload/delete refreshes them all). */
  allImages: () => [...admin, 'images'] as const,
  images: (topicId: string) => [...admin, 'images', topicId] as const,
  imageList: (params: object) => [...admin, 'images', 'list', params] as const,
  announcements: () => [...admin, 'announcements'] as const,
  announcementList: (params: object) => [...admin, 'announcements', 'list', params] as const,
  options: () => [...admin, 'options'] as const,
  archive: () => [...admin, 'archive'] as const,
  archiveList: (kind: string) => [...admin, 'archive', kind] as const,
  archiveImpact: (kind: string, id: string) => [...admin, 'archive', kind, 'impact', id] as const,
} as const;
