// A quiz's export (issue 21): its questions fetched through the admin quiz client and written as Moodle
// XML (the pictures its HTML fields show fetched and embedded), GIFT or Aiken.
import {
  writeAiken,
  writeGift,
  writeMoodleXml,
  type ExportQuiz,
  type FilesBySrc,
  type QuestionDraft,
} from '@zan/core';
import { fetchQuizEditor } from '../resources/topic-resources.ts';
import type { ExportFile } from './deck-export.ts';
import { picturePaths } from './pictures.ts';

type QuizFormatId = 'moodle-xml' | 'gift' | 'aiken';
type QuizFormat = {
  id: QuizFormatId;
  label: string;
  suffix: string;
  mime: string;
  /** Moodle XML carries the pictures; the text formats leave their `<img>` as written. */
  embedsPictures: boolean;
  write: (quiz: ExportQuiz, files: FilesBySrc) => string;
};

export const QUIZ_FORMATS: readonly QuizFormat[] = [
  {
    id: 'moodle-xml',
    label: 'Moodle XML',
    suffix: '.moodle.xml',
    mime: 'application/xml',
    embedsPictures: true,
    write: writeMoodleXml,
  },
  {
    id: 'gift',
    label: 'GIFT',
    suffix: '.gift.txt',
    mime: 'text/plain',
    embedsPictures: false,
    write: writeGift,
  },
  {
    id: 'aiken',
    label: 'Aiken',
    suffix: '.aiken.txt',
    mime: 'text/plain',
    embedsPictures: false,
    write: writeAiken,
  },
];

export async function loadQuiz(quizId: string): Promise<ExportQuiz> {
  const r = await fetchQuizEditor(quizId);
  return {
    name: r.quiz.name,
    questions: r.questions.map((q): QuestionDraft => ({
      question: q.question,
      option1: q.option1,
      option2: q.option2,
      option3: q.option3,
      option4: q.option4,
      option5: q.option5,
      correctOption: q.correctOption,
      explanation: q.explanation,
    })),
  };
}

/** The pictures the quiz's fields show (what Moodle XML embeds). */
export const quizPicturePaths = (quiz: ExportQuiz): string[] =>
  picturePaths(
    quiz.questions.flatMap((q) => [
      q.question,
      q.option1,
      q.option2,
      q.option3,
      q.option4,
      q.option5,
      q.explanation,
    ]),
  );

export function quizFile(quiz: ExportQuiz, format: QuizFormat, base: string, files: FilesBySrc): ExportFile {
  return {
    fileName: base + format.suffix,
    text: format.write(quiz, files),
    mime: `${format.mime};charset=utf-8`,
  };
}
