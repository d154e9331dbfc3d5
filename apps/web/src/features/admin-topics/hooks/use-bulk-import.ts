// The bulk import modal's state (SPEC §5 Bulk import): the text (pasted or read from a .csv/.tsv file)
// parsed by core prepareImport off the typing path (useDeferredValue), and the duplicates against the
// deck or quiz of the same name with the admin's choices (use-import-duplicates.ts).
import { prepareImport, type BulkKind, type ImportDelimiter } from '@zan/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useImportDuplicates } from './use-import-duplicates.ts';

export function useBulkImport(kind: BulkKind, topicId: string, name: string) {
  const [text, setText] = useState('');
  const [delimiter, setDelimiter] = useState<ImportDelimiter | undefined>(undefined);
  const deferred = useDeferredValue(text);
  const parsing = deferred !== text;

  const prepared = useMemo(
    () => (deferred.trim() ? prepareImport(kind, deferred, delimiter ? { delimiter } : {}) : null),
    [kind, deferred, delimiter],
  );
  const valid = useMemo(() => (prepared?.ok ? prepared.valid : []), [prepared]);
  const dups = useImportDuplicates(kind, topicId, name, valid);

  return {
    ...dups,
    text,
    setText: (t: string, d?: ImportDelimiter) => {
      setText(t);
      setDelimiter(d);
      dups.resetChoices();
    },
    parsing,
    prepared,
  };
}
