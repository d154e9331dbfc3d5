// The players' 'Undo' button (issue 18, Ctrl/Cmd+Z does the same) and the status line saying what it did.
import { Button } from '../../../ui/index.ts';

export function UndoNote({ note }: { note: string }) {
  return (
    <span role="status" aria-live="polite" className="text-xs text-muted">
      {note}
    </span>
  );
}

export function UndoButton({ onUndo }: { onUndo: () => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={onUndo}
      aria-keyshortcuts="Control+Z Meta+Z"
      className="text-muted"
    >
      Undo
    </Button>
  );
}
