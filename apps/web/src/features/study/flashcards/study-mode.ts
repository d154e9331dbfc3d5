// The study mode SRS / Free, persisted locally (SPEC §9: LOCAL_KEYS.studyMode, default srs).
import { LOCAL_KEYS, type StudyMode } from '@zan/core';

export function readStudyMode(): StudyMode {
  try {
    return localStorage.getItem(LOCAL_KEYS.studyMode) === 'free' ? 'free' : 'srs';
  } catch {
    return 'srs';
  }
}

export function writeStudyMode(mode: StudyMode): void {
  try {
    localStorage.setItem(LOCAL_KEYS.studyMode, mode);
  } catch {
    /* storage unavailable: the mode holds for this page's life */
  }
}
