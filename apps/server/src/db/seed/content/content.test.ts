// Checks the demo content data: volumes, MCQ integrity, announcements, module mix, lecture pages and
// well-formed, safe HTML whose image references resolve to the provided SVG diagrams.
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_TYPES } from '../../schema/announcement.ts';
import { DEMO_CONTENT, DEMO_IMAGE_BASE_PATH } from './index.ts';
import type { DemoCard, DemoPage, DemoQuestion, DemoTopic } from './types.ts';

const VOID_TAGS = new Set(['br', 'img', 'hr']);
const ALLOWED_HTML_TAGS = new Set([
  'p',
  'strong',
  'em',
  'ul',
  'ol',
  'li',
  'br',
  'sub',
  'sup',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
  'h2',
  'h3',
  'span',
  'div',
]);
const TAG_RE = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z][a-zA-Z0-9:-]*="[^"<>]*")*)\s*(\/?)>/g;

/** Returns the problems found: unbalanced tags, stray '<', bad entities (xml: self-closing allowed). */
function tagProblems(html: string, opts: { xml?: boolean } = {}): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let last = 0;
  for (const m of html.matchAll(TAG_RE)) {
    const between = html.slice(last, m.index);
    if (between.includes('<') || between.includes('>'))
      problems.push(`stray angle bracket near "${between.slice(0, 40)}"`);
    last = m.index + m[0].length;
    const [, closing, rawName = '', , selfClosing] = m;
    const name = opts.xml ? rawName : rawName.toLowerCase();
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? 'nothing'}>`);
    } else if (selfClosing) {
      if (!opts.xml && !VOID_TAGS.has(name)) problems.push(`<${name}/> is not a void element`);
    } else if (opts.xml || !VOID_TAGS.has(name)) {
      stack.push(name);
    }
  }
  const tail = html.slice(last);
  if (tail.includes('<') || tail.includes('>'))
    problems.push(`stray angle bracket near "${tail.slice(0, 40)}"`);
  if (stack.length) problems.push(`unclosed: ${stack.join(', ')}`);
  const badEntity = html.match(/&(?!(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);)/);
  if (badEntity) problems.push(`bare '&' at ${badEntity.index}`);
  return problems;
}

/** HTML for cards and pages: balanced, whitelisted tags and attributes, nothing executable or styled. */
function htmlProblems(html: string): string[] {
  const problems = tagProblems(html);
  for (const m of html.matchAll(TAG_RE)) {
    const name = (m[2] ?? '').toLowerCase();
    if (!ALLOWED_HTML_TAGS.has(name)) problems.push(`tag <${name}> not allowed`);
    for (const a of (m[3] ?? '').matchAll(/([a-zA-Z][a-zA-Z0-9:-]*)="([^"]*)"/g)) {
      const [, attr, value] = a;
      const ok =
        (attr === 'class' && value === 'recall' && (name === 'span' || name === 'div')) ||
        (name === 'img' && (attr === 'src' || attr === 'alt'));
      if (!ok) problems.push(`attribute ${attr ?? ''} on <${name}> not allowed`);
    }
  }
  if (/<\s*(script|iframe|style)|\son\w+\s*=|style\s*=|javascript:/i.test(html))
    problems.push('unsafe markup');
  return problems;
}

/** Plain-text fields (MCQ text, options, explanations): no markup or entities at all. */
const isPlainText = (s: string) =>
  !/<[a-zA-Z/!]|&[a-zA-Z#][a-zA-Z0-9]*;/.test(s) && s.trim() === s && s.length > 0;

const topics: DemoTopic[] = DEMO_CONTENT.modules.flatMap((m) => m.subjects.flatMap((s) => s.topics));
const cards: DemoCard[] = topics.flatMap((t) => t.decks.flatMap((d) => d.cards));
const questions: DemoQuestion[] = topics.flatMap((t) => t.quizzes.flatMap((q) => q.questions));
const pages: DemoPage[] = topics.flatMap((t) => t.pages);
const OPTION_KEYS = ['option1', 'option2', 'option3', 'option4', 'option5'] as const;
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

describe('demo content', () => {
  it('has enough cards, questions and pages', () => {
    expect(cards.length).toBeGreaterThanOrEqual(80);
    expect(questions.length).toBeGreaterThanOrEqual(30);
    expect(pages.length).toBeGreaterThanOrEqual(6);
    for (const t of topics) {
      expect(t.decks.length, t.key).toBeGreaterThan(0);
      for (const d of t.decks) expect(d.cards.length, d.name).toBeGreaterThan(0);
      for (const q of t.quizzes) expect(q.questions.length, q.name).toBeGreaterThan(0);
    }
  });

  it('uses unique keys and 2–3 subjects per module, 2–3 topics per subject', () => {
    const keys = DEMO_CONTENT.modules.flatMap((m) => [
      m.key,
      ...m.subjects.flatMap((s) => [s.key, ...s.topics.map((t) => t.key)]),
    ]);
    expect(new Set(keys).size).toBe(keys.length);
    for (const m of DEMO_CONTENT.modules) {
      expect(m.subjects.length, m.key).toBeGreaterThanOrEqual(2);
      expect(m.subjects.length, m.key).toBeLessThanOrEqual(3);
      for (const s of m.subjects) {
        expect(s.topics.length, s.key).toBeGreaterThanOrEqual(2);
        expect(s.topics.length, s.key).toBeLessThanOrEqual(3);
      }
    }
  });

  it('mixes global, free and paid modules over two stages', () => {
    const mods = DEMO_CONTENT.modules;
    for (const m of mods) expect(Number.isInteger(m.stage) && m.stage >= 1, m.key).toBe(true);
    // Free and global modules need no grant.
    expect(mods.filter((m) => (m.isFree || m.isGlobal) && m.grantToDemoStudent).map((m) => m.key)).toEqual(
      [],
    );
    expect(mods.some((m) => m.isGlobal)).toBe(true);
    const local = mods.filter((m) => !m.isGlobal);
    expect(new Set(local.map((m) => m.stage)).size).toBeGreaterThanOrEqual(2);
    expect(local.some((m) => m.isFree)).toBe(true);
    expect(local.filter((m) => !m.isFree && m.grantToDemoStudent === true)).toHaveLength(1);
    expect(local.filter((m) => !m.isFree && !m.grantToDemoStudent).length).toBeGreaterThanOrEqual(1);
  });

  it('has well-formed MCQs with explanations and a varied answer key', () => {
    for (const q of questions) {
      const present = OPTION_KEYS.map((k) => q[k]).filter((o): o is string => o !== undefined);
      expect(present.length, q.question).toBeGreaterThanOrEqual(4);
      // Options are filled contiguously: option3 before option4 before option5.
      OPTION_KEYS.slice(0, present.length).forEach((k) => expect(q[k], `${q.question} ${k}`).toBeDefined());
      expect(q.correctOption, q.question).toBeGreaterThanOrEqual(1);
      expect(q.correctOption, q.question).toBeLessThanOrEqual(present.length);
      expect(new Set(present).size, q.question).toBe(present.length);
      for (const text of [q.question, q.explanation, ...present]) expect(isPlainText(text), text).toBe(true);
      expect(q.explanation.length, q.question).toBeGreaterThan(80);
    }
    const counts = new Map<number, number>();
    for (const q of questions) counts.set(q.correctOption, (counts.get(q.correctOption) ?? 0) + 1);
    expect(counts.size).toBe(5);
    for (const n of counts.values()) expect(n).toBeLessThanOrEqual(Math.ceil(questions.length / 3));
  });

  it('has announcements of every type, exactly one of them expired', () => {
    const a = DEMO_CONTENT.announcements;
    expect(new Set(a.map((x) => x.type))).toEqual(new Set(ANNOUNCEMENT_TYPES));
    expect(a.filter((x) => x.expiresOffsetDays < 0)).toHaveLength(1);
    for (const x of a) {
      expect(x.title.length).toBeGreaterThan(0);
      expect(x.description.length).toBeGreaterThan(0);
      expect(x.expiresOffsetDays, x.title).toBeGreaterThan(x.dateOffsetDays);
      expect(x.expiresOffsetDays, x.title).not.toBe(0);
    }
    for (const type of ANNOUNCEMENT_TYPES) {
      expect(
        a.some((x) => x.type === type && x.expiresOffsetDays > 0),
        type,
      ).toBe(true);
    }
  });

  it('has lecture pages with headings, recall passages and a sensible length', () => {
    const modulesWithPages = DEMO_CONTENT.modules.filter((m) =>
      m.subjects.some((s) => s.topics.some((t) => t.pages.length)),
    );
    expect(modulesWithPages.length).toBeGreaterThanOrEqual(2);
    for (const m of modulesWithPages) {
      for (const t of m.subjects.flatMap((s) => s.topics))
        expect(t.pages.length, t.key).toBeGreaterThanOrEqual(1);
    }
    for (const p of pages) {
      expect(p.title.length).toBeGreaterThan(0);
      expect((p.htmlBody.match(/<h[23][\s>]/g) ?? []).length, p.title).toBeGreaterThanOrEqual(2);
      expect(p.htmlBody, p.title).toMatch(/<(span|div) class="recall">/);
      const n = words(p.htmlBody);
      expect(n, p.title).toBeGreaterThanOrEqual(400);
      expect(n, p.title).toBeLessThanOrEqual(900);
      expect(htmlProblems(p.htmlBody), p.title).toEqual([]);
    }
  });

  it('has balanced, safe card HTML', () => {
    for (const c of cards) {
      expect(htmlProblems(c.front), c.front).toEqual([]);
      expect(htmlProblems(c.back), c.front).toEqual([]);
      expect(c.front.trim().length).toBeGreaterThan(0);
      expect(c.back.trim().length).toBeGreaterThan(0);
    }
  });

  it('resolves every image reference to a provided SVG, and uses every SVG', () => {
    const files = new Set(DEMO_CONTENT.images.map((i) => i.fileName));
    expect(files.size).toBe(DEMO_CONTENT.images.length);
    const html = [...cards.flatMap((c) => [c.front, c.back]), ...pages.map((p) => p.htmlBody)];
    const used = new Set<string>();
    for (const h of html) {
      for (const m of h.matchAll(/<img\b[^>]*>/g)) {
        const src = /\ssrc="([^"]+)"/.exec(m[0])?.[1] ?? '';
        const alt = /\salt="([^"]+)"/.exec(m[0])?.[1] ?? '';
        expect(src.startsWith(DEMO_IMAGE_BASE_PATH), src).toBe(true);
        const file = src.slice(DEMO_IMAGE_BASE_PATH.length);
        expect(files.has(file), file).toBe(true);
        expect(alt.length, file).toBeGreaterThan(10);
        used.add(file);
      }
    }
    expect(used).toEqual(files);
    const cardsWithImages = cards.filter((c) => /<img\b/.test(c.front + c.back)).length;
    expect(cardsWithImages).toBeGreaterThanOrEqual(3);
  });

  it('provides small, well-formed SVGs', () => {
    for (const img of DEMO_CONTENT.images) {
      expect(img.fileName, img.fileName).toMatch(/^[a-z0-9-]+\.svg$/);
      expect(img.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), img.fileName).toBe(true);
      expect(img.svg.endsWith('</svg>'), img.fileName).toBe(true);
      expect(img.svg, img.fileName).toMatch(/viewBox="0 0 \d+ \d+"/);
      expect(img.svg, img.fileName).not.toMatch(/<script|\son\w+=|href="(?!#)|<foreignObject/i);
      expect(img.svg.length, img.fileName).toBeLessThan(20_000);
      expect(tagProblems(img.svg, { xml: true }), img.fileName).toEqual([]);
    }
  });
});
