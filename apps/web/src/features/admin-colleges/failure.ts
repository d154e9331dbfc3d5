// The colleges tab's helpers: its failure line (lib/failure.ts; a 403 adds nothing, the tab's messages
// already name the superadmin permission) and the year groups typed one per line.
import { failureText } from '../../lib/failure.ts';

export const collegeFailureText = (specMessage: string, err: unknown): string =>
  failureText(specMessage, err, { forbiddenSaid: true });

/** Year groups as typed in the add-college box: one per line, trimmed, empty lines and repeats dropped. */
export function parseYearLines(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const y = line.trim();
    if (y && !out.includes(y)) out.push(y);
  }
  return out;
}
