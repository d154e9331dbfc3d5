// The players' 'Undo' action (issue 18): runs the session's undo and says what happened ('Answer
// undone.' / 'Nothing to undo.') in a polite status line.
import { MSG } from '@zan/core';
import { useCallback, useState } from 'react';

export function useUndoNote(undoLast: () => boolean) {
  const [note, setNote] = useState('');
  const undo = useCallback(() => setNote(undoLast() ? MSG.answerUndone : MSG.nothingToUndo), [undoLast]);
  return { note, undo };
}
