// What the search index holds (issue 22): one document per card, question, lecture section and
// announcement, built from the local store's rows (core DTOs). Only plain text is indexed (core
// htmlToPlainText: tags, classes such as the recall mark, and entities never read as words); `to` is
// where opening the hit goes (the study page's addresses plus the item to show first).
import {
  clozeFront,
  htmlToPlainText,
  questionPlainText,
  type AnnouncementDto,
  type CardDto,
  type HtmlContentDto,
  type QuestionDto,
} from '@zan/core';

export type SearchKind = 'card' | 'question' | 'lecture' | 'announcement';
export const SEARCH_KINDS: readonly SearchKind[] = ['card', 'question', 'lecture', 'announcement'];

export type SearchDoc = {
  /** Unique in the index: the kind and the item (and the section of a lecture). */
  id: string;
  kind: SearchKind;
  /** The topic the item belongs to (null for an announcement): its module › subject › topic. */
  topicId: string | null;
  /** Indexed fields: the item's title (card front, question, lecture title, announcement title)… */
  title: string;
  /** …a lecture section's heading… */
  heading: string;
  /** …and the rest (card back, options and explanation, section text, description). */
  text: string;
  /** Shown as the hit's name. */
  label: string;
  /** Where opening the hit goes. */
  to: string;
};

export type TopicPlace = { topicId: string; subjectId: string };
/** Where a topic sits, by name: shown under each hit as module › subject › topic. */
export type SearchPlace = { module: string; subject: string; topic: string };

const enc = encodeURIComponent;
const studyPath = (p: TopicPlace) => `/study/subject/${enc(p.subjectId)}`;

export function cardDoc(card: CardDto, place: TopicPlace): SearchDoc {
  // A cloze card (issue 20): its note's text with every answer as plain words, no `{{c1::` braces
  // (rendered for no card number: no deletion is hidden).
  const front = htmlToPlainText(card.kind === 'cloze' ? clozeFront(card.front, -1) : card.front);
  return {
    id: `card:${card.id}`,
    kind: 'card',
    topicId: place.topicId,
    title: front,
    heading: '',
    text: htmlToPlainText(card.back),
    label: front,
    to: `${studyPath(place)}/deck/${enc(card.deckId)}?card=${enc(card.id)}`,
  };
}

export function questionDoc(q: QuestionDto, place: TopicPlace): SearchDoc {
  // Plain text as typed, HTML without its tags (issue 19: core questionPlainText).
  const question = questionPlainText(q.question);
  const options = [q.option1, q.option2, q.option3, q.option4, q.option5]
    .filter((o): o is string => !!o)
    .map((o) => questionPlainText(o));
  return {
    id: `question:${q.id}`,
    kind: 'question',
    topicId: place.topicId,
    title: question,
    heading: '',
    text: [...options, q.explanation ? questionPlainText(q.explanation) : ''].filter(Boolean).join(' · '),
    label: question,
    to: `${studyPath(place)}?quiz=${enc(q.quizId)}&question=${enc(q.id)}`,
  };
}

// The opening tag of a heading the lecture view numbers (features/study lecture-outline: h1–h4 in
// document order, ids lecture-h-1, lecture-h-2, …).
const HEADING = /<h([1-4])(?=[\s>/])[^>]*>/gi;

/** A lecture page: one document for its title and opening text, one per heading with its section. */
export function lectureDocs(page: HtmlContentDto, place: TopicPlace): SearchDoc[] {
  const html = page.htmlBody;
  const heads = [...html.matchAll(HEADING)];
  const base = `${studyPath(place)}?lecture=${enc(page.id)}`;
  const docs: SearchDoc[] = [
    {
      id: `lecture:${page.id}:0`,
      kind: 'lecture',
      topicId: place.topicId,
      title: page.title,
      heading: '',
      text: htmlToPlainText(html.slice(0, heads[0]?.index ?? html.length)),
      label: page.title,
      to: base,
    },
  ];
  heads.forEach((m, i) => {
    const start = m.index + m[0].length;
    const next = heads[i + 1]?.index ?? html.length;
    const close = html.slice(start, next).search(new RegExp(`</h${m[1]}\\s*>`, 'i'));
    const headEnd = close < 0 ? next : start + close;
    const heading = htmlToPlainText(html.slice(start, headEnd));
    if (!heading) return; // the lecture view lists no empty heading either
    docs.push({
      id: `lecture:${page.id}:${i + 1}`,
      kind: 'lecture',
      topicId: place.topicId,
      title: '',
      heading,
      text: htmlToPlainText(html.slice(headEnd, next)),
      label: `${page.title} › ${heading}`,
      to: `${base}&heading=lecture-h-${i + 1}`,
    });
  });
  return docs;
}

export function announcementDoc(a: AnnouncementDto): SearchDoc {
  return {
    id: `announcement:${a.id}`,
    kind: 'announcement',
    topicId: null,
    title: a.title,
    heading: '',
    text: a.description ?? '',
    label: a.title,
    to: `/announcements#announcement-${enc(a.id)}`,
  };
}
