// A deck as CSV (issue 21 export): a `Front,Back` header and one RFC 4180 record per card, the faces' HTML
// as stored, so the CSV bulk import reads the same cards back. No spreadsheet-formula apostrophe (csv.ts's
// csvCell adds one): a card opening with '-' or '=' must come back as written.
import { csvQuoted } from '../csv.ts';
import type { ExportDeck } from './contract.ts';

export function writeDeckCsv(deck: ExportDeck): string {
  const lines = ['Front,Back', ...deck.cards.map((c) => `${csvQuoted(c.front)},${csvQuoted(c.back)}`)];
  return lines.join('\r\n') + '\r\n';
}
