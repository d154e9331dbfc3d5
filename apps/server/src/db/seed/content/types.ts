// Shapes of the demo content data (pure data; the seeder maps them onto the Drizzle tables).
import type { ANNOUNCEMENT_TYPES } from '../../schema/announcement.ts';

/** Public path under which the seeder serves `DemoContent.images` (card/page HTML refers to it). */
export const DEMO_IMAGE_BASE_PATH = '/demo-images/';

type DemoAnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** One flashcard: front and back are small, well-formed HTML fragments. */
export type DemoCard = { front: string; back: string };

type DemoDeck = { name: string; cards: DemoCard[] };

/** One MCQ: option1 and option2 required, option3..option5 optional (filled contiguously). */
export type DemoQuestion = {
  question: string;
  option1: string;
  option2: string;
  option3?: string;
  option4?: string;
  option5?: string;
  correctOption: 1 | 2 | 3 | 4 | 5;
  explanation: string;
};

type DemoQuiz = { name: string; questions: DemoQuestion[] };

/** A lecture page (htmlContent): h2/h3 headings, recall passages marked with class="recall". */
export type DemoPage = { title: string; htmlBody: string };

export type DemoTopic = {
  /** Stable key, unique within the whole content set. */
  key: string;
  name: string;
  decks: DemoDeck[];
  quizzes: DemoQuiz[];
  pages: DemoPage[];
};

type DemoSubject = { key: string; name: string; topics: DemoTopic[] };

export type DemoModule = {
  key: string;
  name: string;
  /** At least 1. */
  stage: number;
  isFree: boolean;
  /** Global modules are stored with yearGroup 'global'; others with the demo year group. */
  isGlobal: boolean;
  /** Paid modules only: grant this module to the demo student (purchased_module row). */
  grantToDemoStudent?: boolean;
  extraInfo?: string;
  subjects: DemoSubject[];
};

export type DemoAnnouncement = {
  title: string;
  description: string;
  type: DemoAnnouncementType;
  /** `date` = seeding time + this many days (may be negative). */
  dateOffsetDays: number;
  /** `expiresAt` = seeding time + this many days; negative means already expired. */
  expiresOffsetDays: number;
};

/** A small self-made SVG diagram, served at DEMO_IMAGE_BASE_PATH + fileName. */
export type DemoImage = { fileName: string; alt: string; svg: string };

export type DemoContent = {
  modules: DemoModule[];
  announcements: DemoAnnouncement[];
  images: DemoImage[];
};
