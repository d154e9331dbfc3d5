// The lecture font size (SPEC §9 LECTURE_FONT: default 16, 12–24, step 1), persisted locally.
import { LECTURE_FONT, LOCAL_KEYS } from '@zan/core';

export const clampFontSize = (n: number): number =>
  Number.isFinite(n)
    ? Math.min(LECTURE_FONT.max, Math.max(LECTURE_FONT.min, Math.round(n)))
    : LECTURE_FONT.default;

export function readFontSize(): number {
  try {
    const raw = localStorage.getItem(LOCAL_KEYS.lectureFontSize);
    return raw === null ? LECTURE_FONT.default : clampFontSize(Number(raw));
  } catch {
    return LECTURE_FONT.default;
  }
}

export function writeFontSize(size: number): void {
  try {
    localStorage.setItem(LOCAL_KEYS.lectureFontSize, String(size));
  } catch {
    /* storage unavailable: the size holds for this page's life */
  }
}
