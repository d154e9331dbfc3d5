// How far the player scrolls after 'Check Answer' (issue 19): the feedback as far as the counter allows.
import { describe, expect, it } from 'vitest';
import { scrollToKeep } from './keep-in-view.ts';

describe('scrollToKeep', () => {
  const view = { top: 0, bottom: 760 };
  it('shows all the feedback when the counter can stay', () => {
    expect(scrollToKeep(300, 900, view)).toBe(152);
  });
  it('stops where the counter would leave the top (a phone with a long explanation)', () => {
    expect(scrollToKeep(120, 1400, view)).toBe(108);
  });
  it('does nothing when the feedback is already in view, and brings a hidden counter back', () => {
    expect(scrollToKeep(120, 600, view)).toBe(0);
    expect(scrollToKeep(-200, 600, view)).toBe(-212);
  });
});
