// Font-size state of the lecture viewer: A− / A+ within LECTURE_FONT's range, remembered locally.
import { LECTURE_FONT } from '@zan/core';
import { useCallback, useState } from 'react';
import { clampFontSize, readFontSize, writeFontSize } from './font-size.ts';

export function useLectureFont() {
  const [size, setSize] = useState(readFontSize);
  const change = useCallback((delta: number) => {
    setSize((s) => {
      const next = clampFontSize(s + delta);
      writeFontSize(next);
      return next;
    });
  }, []);
  return {
    size,
    smaller: useCallback(() => change(-LECTURE_FONT.step), [change]),
    larger: useCallback(() => change(LECTURE_FONT.step), [change]),
    canShrink: size > LECTURE_FONT.min,
    canGrow: size < LECTURE_FONT.max,
  };
}
