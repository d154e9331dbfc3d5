import { LECTURE_FONT, LOCAL_KEYS } from '@zan/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { closeUserDb } from '../../../local/db.ts';
import { profile as makeProfile } from '../../../lib/testing/fakes.ts';
import { fakeAuth, renderRoutes } from '../../../lib/testing/signed-in.tsx';
import { outlineLecture } from '../content/lecture-outline.ts';
import { StudyPage } from '../index.ts';
import { seedContent, seedLecture } from '../testing/fixtures.ts';
import { LectureView } from '../../../ui/study/lecture/lecture-view.tsx';

const sync = vi.hoisted(() => ({
  ensureSubjectTopics: vi.fn(async (): Promise<string> => 'saved'),
  refreshStaleTopics: vi.fn(async (): Promise<string> => 'saved'),
}));
vi.mock('../../../sync/index.ts', () => ({ useSync: () => sync }));
vi.setConfig({ testTimeout: 20_000 });

const HTML =
  '<h2>Phases</h2><p>Intro <span class="recall">S1 closes the AV valves</span> end.</p>' +
  '<h3>Systole</h3><div class="recall"><p>Ejection fraction 60%</p></div><script>alert(1)</script>';

const body = () => document.querySelector<HTMLElement>('.lecture-body')!;
const fontLabel = () => document.querySelector('[data-font-size]')?.textContent?.replace('Font size ', '');

beforeEach(() => localStorage.clear());
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await new Promise((r) => setTimeout(r, 20));
  closeUserDb();
});

function renderLecture() {
  const { html } = outlineLecture(HTML);
  return render(<LectureView title="The Cardiac Cycle" html={html} />);
}

describe('lecture viewer', () => {
  it('font size: default 16, A−/A+ step 1 within 12–24, persisted', () => {
    renderLecture();
    expect(fontLabel()).toBe('16px');
    expect(body().style.fontSize).toBe('16px');
    const larger = screen.getByRole('button', { name: /^A\+\s*Increase font size$/ });
    const smaller = screen.getByRole('button', { name: /^A−\s*Decrease font size$/ });
    for (let i = 0; i < 20; i++) fireEvent.click(larger);
    expect(fontLabel()).toBe(`${LECTURE_FONT.max}px`);
    expect(larger.hasAttribute('disabled')).toBe(true);
    expect(localStorage.getItem(LOCAL_KEYS.lectureFontSize)).toBe('24');
    for (let i = 0; i < 20; i++) fireEvent.click(smaller);
    expect(fontLabel()).toBe(`${LECTURE_FONT.min}px`);
    expect(smaller.hasAttribute('disabled')).toBe(true);
    fireEvent.click(larger);
    expect(body().style.fontSize).toBe('13px');
    cleanup();
    renderLecture();
    expect(fontLabel()).toBe('13px');
  });

  it('ignores a stored size outside the range', () => {
    localStorage.setItem(LOCAL_KEYS.lectureFontSize, '99');
    renderLecture();
    expect(fontLabel()).toBe('24px');
    cleanup();
    localStorage.setItem(LOCAL_KEYS.lectureFontSize, 'big');
    renderLecture();
    expect(fontLabel()).toBe('16px');
  });

  it('renders sanitised HTML; the recall toggle hides passages as buttons that reveal on click, Enter or Space', () => {
    renderLecture();
    expect(body().innerHTML).not.toContain('script');
    const recall = screen.getByRole('switch', { name: 'Recall mode' });
    expect(recall.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryAllByRole('button', { name: /Click to reveal/ })).toHaveLength(0);

    fireEvent.click(recall);
    expect(recall.getAttribute('aria-checked')).toBe('true');
    const hidden = screen.getAllByRole('button', { name: /Click to reveal/ });
    expect(hidden).toHaveLength(2);
    expect(hidden.every((h) => h.getAttribute('tabindex') === '0' && h.dataset.recall === 'hidden')).toBe(
      true,
    );

    fireEvent.click(within(hidden[0]!).getByText(/S1 closes/));
    expect(hidden[0]!.dataset.recall).toBe('revealed');
    expect(hidden[0]!.hasAttribute('role')).toBe(false);
    expect(screen.getAllByRole('button', { name: /Click to reveal/ })).toHaveLength(1);

    fireEvent.keyDown(hidden[1]!, { key: 'Enter' });
    expect(hidden[1]!.dataset.recall).toBe('revealed');

    // Off and on again: everything hidden afresh; Space reveals too.
    fireEvent.click(recall);
    expect(hidden[0]!.dataset.recall).toBeUndefined();
    fireEvent.click(recall);
    expect(screen.getAllByRole('button', { name: /Click to reveal/ })).toHaveLength(2);
    fireEvent.keyDown(hidden[0]!, { key: ' ' });
    expect(hidden[0]!.dataset.recall).toBe('revealed');
  });

  it("indexes headings into 'On This Page'; a click scrolls smoothly to the heading and highlights it", async () => {
    const p = makeProfile();
    await seedContent(p.uid, { cards: 1 });
    await seedLecture(p.uid, HTML);
    const scroll = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scroll;
    onTestFinished(() => {
      Element.prototype.scrollIntoView = original;
    });
    renderRoutes(
      [{ path: '/study/subject/:subjectId', element: <StudyPage /> }],
      '/study/subject/s1?lecture=p1',
      fakeAuth(p),
    );
    const outline = await screen.findByRole('list', { name: 'Headings' });
    const links = within(outline).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Phases', 'Systole']);
    fireEvent.click(links[1]!);
    const heading = screen.getByRole('heading', { name: 'Systole' });
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scroll.mock.contexts[0]).toBe(heading);
    expect(heading.getAttribute('data-highlight')).toBe('true');
    expect(document.activeElement).toBe(heading);
  });
});
