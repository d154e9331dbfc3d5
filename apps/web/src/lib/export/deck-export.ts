// A deck's export (issue 21): its cards fetched through the admin deck client and written as CSV (what the
// bulk import reads back), Quizlet text or Anki text with header lines.
import { writeAnkiText, writeDeckCsv, writeQuizlet, type ExportDeck } from '@zan/core';
import { fetchDeckEditor } from '../resources/topic-resources.ts';

export type ExportFile = { fileName: string; text: string; mime: string };
type DeckFormatId = 'csv' | 'quizlet' | 'anki-text';
type DeckFormat = {
  id: DeckFormatId;
  label: string;
  suffix: string;
  mime: string;
  write: (d: ExportDeck) => string;
};

export const DECK_FORMATS: readonly DeckFormat[] = [
  { id: 'csv', label: 'CSV', suffix: '.csv', mime: 'text/csv', write: writeDeckCsv },
  {
    id: 'quizlet',
    label: 'Quizlet',
    suffix: '.quizlet.txt',
    mime: 'text/plain',
    write: (d) => writeQuizlet(d),
  },
  { id: 'anki-text', label: 'Anki text', suffix: '.anki.txt', mime: 'text/plain', write: writeAnkiText },
];

export async function loadDeck(deckId: string): Promise<ExportDeck> {
  const r = await fetchDeckEditor(deckId);
  return { name: r.deck.name, cards: r.cards.map((c) => ({ front: c.front, back: c.back })) };
}

/** The deck's file in one format, named after the deck (`base`: the safe file name without suffix). */
export function deckFile(deck: ExportDeck, format: DeckFormat, base: string): ExportFile {
  return { fileName: base + format.suffix, text: format.write(deck), mime: `${format.mime};charset=utf-8` };
}
