import type { CardDto, HtmlContentDto, QuestionDto } from '@zan/core';
import { describe, expect, it } from 'vitest';
import { announcementDoc, cardDoc, lectureDocs, questionDoc } from './search-docs.ts';
import { createSearchIndex, typosAllowed } from './search-index.ts';

const scoped = { collegeId: 'c1', yearGroup: 'Y1', createdAt: 0, updatedAt: 0 };
const place = { topicId: 't1', subjectId: 's1' };
const card = (id: string, front: string, back = ''): CardDto => ({
  id,
  front,
  back,
  deckId: 'd1',
  ...scoped,
});
const question: QuestionDto = {
  id: 'q1',
  question: '<p>A 45-year-old with frothy urine</p>',
  option1: 'Nephrotic syndrome',
  option2: 'Nephritic syndrome',
  option3: null,
  option4: null,
  option5: null,
  correctOption: 1,
  explanation: '<p>Proteinuria over 3.5 g a day.</p>',
  quizId: 'qz1',
  ...scoped,
};
const page: HtmlContentDto = {
  id: 'p1',
  title: 'Glomerular disease',
  htmlBody:
    '<p>Intro text.</p><h2>Nephrotic <em>syndrome</em></h2><p>Oedema and <span class="recall">hypoalbuminaemia</span>.</p><h3></h3><h2>Nephritic</h2><p>Haematuria.</p>',
  topicId: 't1',
  ...scoped,
};

const ids = (index: ReturnType<typeof createSearchIndex>, q: string) =>
  index.search(q).groups.flatMap((g) => g.hits.map((h) => h.doc.id));

describe('search documents', () => {
  it('index plain text only and open where the item is', () => {
    const c = cardDoc(
      card('c1', '<p>What is <b>IgA</b>&nbsp;nephropathy?</p>', '<div class="recall">Berger</div>'),
      place,
    );
    expect(c).toMatchObject({
      title: 'What is IgA nephropathy?',
      text: 'Berger',
      to: '/study/subject/s1/deck/d1?card=c1',
    });
    expect(questionDoc(question, place)).toMatchObject({
      text: 'Nephrotic syndrome · Nephritic syndrome · Proteinuria over 3.5 g a day.',
      to: '/study/subject/s1?quiz=qz1&question=q1',
    });
    // Issue 20: a cloze card is indexed with its answers as plain words, no braces.
    const cloze = {
      ...card(
        'c9',
        '<p>{{c1::Berger}} disease is {{c2::IgA::immunoglobulin}} nephropathy</p>',
        '<p>Extra</p>',
      ),
      kind: 'cloze' as const,
      ord: 1,
    };
    expect(cardDoc(cloze, place)).toMatchObject({
      title: 'Berger disease is IgA nephropathy',
      text: 'Extra',
    });
    // Issue 19: a picture's markup is no word; a plain-text question's `<` and `&` are its own text.
    const pictured = { ...question, question: '<p>Rhythm? <img src="/files/k/ecg.webp" alt=""></p>' };
    expect(questionDoc(pictured, place).title).toBe('Rhythm?');
    const plain = { ...question, question: 'K+ < 3.5 & Na > 145', option1: 'x <b>y</b>' };
    expect(questionDoc(plain, place)).toMatchObject({
      title: 'K+ < 3.5 & Na > 145',
      text: 'x <b>y</b> · Nephritic syndrome · Proteinuria over 3.5 g a day.',
    });
  });

  it('split a lecture by heading, numbered as the lecture view numbers them', () => {
    const docs = lectureDocs(page, place);
    expect(docs.map((d) => [d.heading, d.text, d.to])).toEqual([
      ['', 'Intro text.', '/study/subject/s1?lecture=p1'],
      [
        'Nephrotic syndrome',
        'Oedema and hypoalbuminaemia.',
        '/study/subject/s1?lecture=p1&heading=lecture-h-1',
      ],
      // the empty <h3> is lecture-h-2: listed by no one, its text belongs to no document
      ['Nephritic', 'Haematuria.', '/study/subject/s1?lecture=p1&heading=lecture-h-3'],
    ]);
    expect(docs[0]?.title).toBe('Glomerular disease');
  });
});

describe('search index', () => {
  it('forgives no typo under 5 letters, one from 5, two from 9', () => {
    expect([typosAllowed('rein'), typosAllowed('renal'), typosAllowed('glomerulus')]).toEqual([0, 1, 2]);
  });

  const build = () => {
    const index = createSearchIndex();
    index.add('t1', [
      cardDoc(card('c1', 'Nephrotic syndrome in children', 'Minimal change disease'), place),
      cardDoc(card('c2', 'Nephritic syndrome', 'Haematuria'), place),
      questionDoc(question, place),
      ...lectureDocs(page, place),
    ]);
    index.add('announcements', [
      announcementDoc({
        id: 'a1',
        title: 'Renal exam moved',
        description: 'The néphrology exam is on Friday.',
        type: 'Exam',
        date: 0,
        expiresAt: 1,
        isArchived: false,
        ...scoped,
      }),
    ]);
    return index;
  };

  it('finds every kind, grouped, whatever the case and accents', () => {
    const answer = build().search('NÉPHROT');
    expect(answer.groups.map((g) => [g.kind, g.hits.map((h) => h.doc.id)])).toEqual([
      ['card', ['card:c1']],
      ['question', ['question:q1']],
      ['lecture', ['lecture:p1:1']],
    ]);
    expect(ids(build(), 'nephrology')).toEqual(['announcement:a1']);
  });

  it('matches prefixes, needs every word, and forgives a typo in a longer word', () => {
    const index = build();
    expect(ids(index, 'nephr synd child')).toEqual(['card:c1']);
    expect(ids(index, 'hypoalbumin')).toEqual(['lecture:p1:1']);
    expect(ids(index, 'minimal chage')).toEqual(['card:c1']);
    expect(ids(index, 'chilren')).toEqual(['card:c1']);
    expect(ids(index, 'hypoalbumenemia')).toEqual(['lecture:p1:1']); // two typos from 9 letters
    expect(ids(index, 'haem')).toEqual(['card:c2', 'lecture:p1:3']);
    expect(ids(index, 'rnal')).toEqual([]); // no typo under 5 letters
    expect(ids(index, 'chil')).toEqual(['card:c1']);
    expect(ids(index, 'recall')).toEqual([]); // the recall mark is markup, not text
    expect(ids(index, 'span')).toEqual([]);
    expect(build().search('   ').groups).toEqual([]);
  });

  it('replaces a group: changed items are found by their new words, gone items not at all', () => {
    const index = build();
    index.add('t1', [cardDoc(card('c1', 'Membranous nephropathy'), place)]);
    index.removeGroup('t1', new Set(['card:c1']));
    expect(ids(index, 'membranous')).toEqual(['card:c1']);
    expect(ids(index, 'children')).toEqual([]);
    expect(ids(index, 'haematuria')).toEqual([]);
    expect(index.size).toBe(2); // c1 and the announcement
  });

  it('removes a whole topic', () => {
    const index = build();
    index.removeGroup('t1');
    expect(ids(index, 'nephrotic')).toEqual([]);
    expect(ids(index, 'exam')).toEqual(['announcement:a1']);
  });

  it('reports about the memory it takes: more with more documents, less when they go', () => {
    const empty = createSearchIndex().memoryBytes();
    const index = build();
    const full = index.memoryBytes();
    // At least the documents' text at 2 bytes a character.
    const text = [
      ...lectureDocs(page, place),
      cardDoc(card('c1', 'Nephrotic syndrome in children', 'Minimal change disease'), place),
    ].reduce((n, d) => n + 2 * (d.title.length + d.heading.length + d.text.length), 0);
    expect(full - empty).toBeGreaterThan(text);
    index.removeGroup('t1');
    expect(index.memoryBytes()).toBeLessThan(full - text);
  });

  it('lists at most perKind hits per kind, best first, with every match counted', () => {
    const index = createSearchIndex();
    index.add(
      't1',
      Array.from({ length: 40 }, (_, i) =>
        cardDoc(card(`c${i}`, i === 7 ? 'Oedema oedema oedema' : `Oedema case ${i}`, 'text'), place),
      ),
    );
    const answer = index.search('oedema', 5);
    expect(answer.total).toBe(40);
    expect(answer.groups[0]?.hits.length).toBe(5);
    expect(answer.groups[0]?.hits[0]?.doc.id).toBe('card:c7');
    expect(answer.groups[0]?.hits[0]?.words).toEqual(['oedema']);
  });
});
