// 'Export all' (issue 21): a topic, a subject or a module as one zip a college can take away — every
// deck (CSV, Quizlet, Anki text) and quiz (Moodle XML, GIFT, Aiken) and each lecture page as a standalone
// HTML file with its pictures beside it (srcs made relative), in folders by subject and topic. Content
// comes through the admin clients one resource at a time, with progress; a resource that fails is
// listed and the rest still exported.
import type { AdminTopic, ExportDeck } from '@zan/core';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { fetchPage } from '../resources/pages.ts';
import { fetchSubjectPage } from '../resources/subjects.ts';
import { fetchTopic, fetchTopicPage } from '../resources/topics.ts';
import { fetchTopicResources } from '../resources/topic-resources.ts';
import { DECK_FORMATS, deckFile, loadDeck } from './deck-export.ts';
import { safeFileName } from './download.ts';
import { asPngOrJpeg, fetchPictures, picturePaths, type FetchedPicture } from './pictures.ts';
import { loadQuiz, QUIZ_FORMATS, quizFile, quizPicturePaths } from './quiz-export.ts';
import { standalonePage } from './standalone-page.ts';

export type ExportScope = { kind: 'topic' | 'subject' | 'module'; id: string; name: string };
export type ZipProgress = { done: number; total: number; current: string };
export type ZipSummary = {
  fileName: string;
  bytes: Uint8Array;
  decks: number;
  quizzes: number;
  pages: number;
  pictures: number;
  failed: { name: string; reason: string }[];
  missingPictures: number;
};

type Job = { label: string; folder: string; run: (out: ZipOut) => Promise<void>; count: keyof Counts };
type Counts = { decks: number; quizzes: number; pages: number };

/** The zip's entries, each path made unique (' (2)' before the suffix) and pictures stored once per folder. */
class ZipOut {
  readonly entries: Zippable = {};
  readonly pictures = new Map<string, FetchedPicture>();
  missing = new Set<string>();
  add(path: string, data: Uint8Array, stored = false): string {
    let unique = path;
    for (let n = 2; unique in this.entries; n += 1)
      unique = path.replace(/(\.[^./]+(\.[^./]+)?)?$/, ` (${n})$1`);
    this.entries[unique] = stored ? [data, { level: 0 }] : data;
    return unique;
  }
  private readonly placed = new Map<string, string>();
  /** A picture's path in the folder's images/, stored once per folder. */
  place(folder: string, src: string, f: FetchedPicture): string {
    const key = `${folder}\n${src}`;
    const known = this.placed.get(key);
    if (known) return known;
    const path = this.add(`${folder}/images/${f.name}`, f.bytes, true);
    this.placed.set(key, path);
    return path;
  }
  text(path: string, text: string) {
    this.add(path, strToU8(text));
  }
  /** Fetches the pictures not fetched before; the missing ones are counted. */
  async picturesFor(srcs: string[]): Promise<Map<string, FetchedPicture>> {
    const todo = srcs.filter((s) => !this.pictures.has(s) && !this.missing.has(s));
    const { files, missing } = await fetchPictures(todo);
    for (const [src, f] of files) this.pictures.set(src, f);
    for (const src of missing) this.missing.add(src);
    const found = new Map<string, FetchedPicture>();
    for (const src of srcs) {
      const f = this.pictures.get(src);
      if (f) found.set(src, f);
    }
    return found;
  }
}

async function allPages<T>(
  fetchOne: (cursor: string | undefined) => Promise<{ nextCursor: string | null } & T>,
) {
  const pages: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchOne(cursor);
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}

async function topicsOf(scope: ExportScope): Promise<AdminTopic[]> {
  if (scope.kind === 'topic') return [await fetchTopic(scope.id)];
  const topicsOfSubject = async (subjectId: string) =>
    (await allPages((c) => fetchTopicPage({ search: '', subjectId }, c))).flatMap((p) => p.topics);
  if (scope.kind === 'subject') return topicsOfSubject(scope.id);
  const subjects = (await allPages((c) => fetchSubjectPage({ search: '', moduleId: scope.id }, c))).flatMap(
    (p) => p.subjects,
  );
  const topics: AdminTopic[] = [];
  for (const s of subjects) topics.push(...(await topicsOfSubject(s.id)));
  return topics;
}

const folderOf = (t: AdminTopic) =>
  `${safeFileName(t.subjectName, 'Subject')}/${safeFileName(t.name, 'Topic')}`;

async function jobsOf(topics: AdminTopic[]): Promise<Job[]> {
  const jobs: Job[] = [];
  for (const topic of topics) {
    const folder = folderOf(topic);
    const r = await fetchTopicResources(topic.id);
    for (const d of r.decks)
      jobs.push({
        label: d.name,
        folder,
        count: 'decks',
        run: async (out) => {
          const deck: ExportDeck = await loadDeck(d.id);
          for (const f of DECK_FORMATS) {
            const file = deckFile(deck, f, safeFileName(deck.name, 'deck'));
            out.text(`${folder}/${file.fileName}`, file.text);
          }
        },
      });
    for (const z of r.quizzes)
      jobs.push({
        label: z.name,
        folder,
        count: 'quizzes',
        run: async (out) => {
          const quiz = await loadQuiz(z.id);
          const files = new Map<string, FetchedPicture>();
          for (const [src, f] of await out.picturesFor(quizPicturePaths(quiz)))
            files.set(src, await asPngOrJpeg(f));
          for (const f of QUIZ_FORMATS) {
            const file = quizFile(quiz, f, safeFileName(quiz.name, 'quiz'), files);
            out.text(`${folder}/${file.fileName}`, file.text);
          }
        },
      });
    for (const p of r.pages)
      jobs.push({
        label: p.title,
        folder,
        count: 'pages',
        run: async (out) => {
          const { page } = await fetchPage(p.id);
          const srcs = picturePaths([page.htmlBody]);
          const files = await out.picturesFor(srcs);
          const local = new Map<string, string>();
          for (const [src, f] of files) local.set(src, out.place(folder, src, f).slice(folder.length + 1));
          out.text(
            `${folder}/${safeFileName(page.title, 'page')}.html`,
            standalonePage(page.title, page.htmlBody, local),
          );
        },
      });
  }
  return jobs;
}

/** Builds the zip of the scope, calling `onProgress` before each resource and once at the end. */
export async function buildExportZip(
  scope: ExportScope,
  onProgress: (p: ZipProgress) => void,
): Promise<ZipSummary> {
  onProgress({ done: 0, total: 0, current: scope.name });
  const jobs = await jobsOf(await topicsOf(scope));
  const out = new ZipOut();
  const counts: Counts = { decks: 0, quizzes: 0, pages: 0 };
  const failed: ZipSummary['failed'] = [];
  for (const [i, job] of jobs.entries()) {
    onProgress({ done: i, total: jobs.length, current: job.label });
    try {
      await job.run(out);
      counts[job.count] += 1;
    } catch (err) {
      failed.push({
        name: `${job.folder}/${job.label}`,
        reason: err instanceof Error ? err.message : String(err),
      });
    }
  }
  onProgress({ done: jobs.length, total: jobs.length, current: '' });
  const pictures = Object.keys(out.entries).filter((k) => k.includes('/images/')).length;
  return {
    fileName: `${safeFileName(scope.name, 'export')}.zip`,
    bytes: jobs.length === 0 ? new Uint8Array() : zipSync(out.entries),
    ...counts,
    pictures,
    failed,
    missingPictures: out.missing.size,
  };
}
