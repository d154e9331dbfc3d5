// Every format a deck or a quiz exports to, as the Export menus list them: each downloads the set's file.
import { DECK_FORMATS, deckFile, loadDeck } from './deck-export.ts';
import { safeFileName, saveFile } from './download.ts';
import { downloadServerFile } from './file-download.ts';
import { embeddablePictures } from './pictures.ts';
import { loadQuiz, QUIZ_FORMATS, quizFile, quizPicturePaths } from './quiz-export.ts';

/** The deck menu's item that downloads an Anki package. */
export const ANKI_PACKAGE_LABEL = 'Anki package (.apkg)';

export type SetKind = 'deck' | 'quiz';
/** `download` resolves with the set's name once its file is saved. */
export type SetFormat = { label: string; download: (id: string, name: string) => Promise<string> };

export const SET_FORMATS: Record<SetKind, readonly SetFormat[]> = {
  deck: [
    ...DECK_FORMATS.map((format): SetFormat => ({
      label: format.label,
      download: async (id) => {
        const deck = await loadDeck(id);
        const file = deckFile(deck, format, safeFileName(deck.name, 'deck'));
        saveFile(file.fileName, file.text, file.mime);
        return deck.name;
      },
    })),
    // Issue 20: the server writes the package (notes, pictures, stable note ids).
    {
      label: ANKI_PACKAGE_LABEL,
      download: async (id: string, name: string) => {
        await downloadServerFile(
          `/api/admin/decks/${encodeURIComponent(id)}/apkg`,
          `${safeFileName(name, 'deck')}.apkg`,
        );
        return name;
      },
    },
  ],
  quiz: QUIZ_FORMATS.map((format) => ({
    label: format.label,
    download: async (id) => {
      const quiz = await loadQuiz(id);
      const files = format.embedsPictures ? await embeddablePictures(quizPicturePaths(quiz)) : new Map();
      const file = quizFile(quiz, format, safeFileName(quiz.name, 'quiz'), files);
      saveFile(file.fileName, file.text, file.mime);
      return quiz.name;
    },
  })),
};
