// /zancards (SPEC §2 Deck browser): every deck on this device in a stage > module > subject > topic tree
// with NEW / DUE / SUSPENDED counts, open state remembered, and a confirmed per-deck progress reset.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog, EmptyState, PageHeader, Skeleton } from '../../../ui/index.ts';
import { useAuth } from '../../../lib/session/index.ts';
import type { Counts, TreeNode } from '../build-tree.ts';
import { useDeckTree } from '../hooks/use-deck-tree.ts';
import { useOpenState } from '../hooks/use-open-state.ts';
import { useResetDeck } from '../hooks/use-reset-deck.ts';
import { CountPills } from './count-pills.tsx';
import { DeckTree } from './deck-tree.tsx';

export const NO_DECKS = 'No flashcard decks yet';
const NO_DECKS_HINT =
  'Decks appear here once you open a subject while online, so its cards are on this device.';
export const RESET_TITLE = 'Reset deck progress?';

const LINK_BUTTON =
  'inline-flex h-10 items-center rounded-lg bg-primary px-4 text-sm font-semibold text-primary-fg shadow-sm hover:bg-primary/90';

export function ZancardsPage() {
  const { profile } = useAuth();
  const userId = profile?.uid ?? '';
  const tree = useDeckTree(userId);
  const defaults = useMemo(() => (tree ?? []).map((n) => n.key), [tree]);
  const open = useOpenState(defaults);
  const reset = useResetDeck(userId);
  const [confirming, setConfirming] = useState<TreeNode | null>(null);
  const totals = useMemo(() => sum(tree ?? []), [tree]);

  return (
    <div className="flex flex-col">
      <PageHeader
        eyebrow="Zancards"
        title="Deck Browser"
        description="Every flashcard deck on this device, by stage, module, subject and topic."
        actions={tree && tree.length > 0 ? <CountPills counts={totals} /> : undefined}
      />
      {tree === undefined ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only">Loading decks…</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 rounded-2xl" />
          ))}
        </div>
      ) : tree.length === 0 ? (
        <EmptyState
          title={NO_DECKS}
          description={NO_DECKS_HINT}
          action={
            <Link to="/dashboard" className={LINK_BUTTON}>
              Go to Dashboard
            </Link>
          }
        />
      ) : (
        <DeckTree nodes={tree} open={open} onReset={setConfirming} />
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={RESET_TITLE}
        body={
          confirming && (
            <>
              All your progress on the {confirming.counts.total} cards of <strong>{confirming.title}</strong>{' '}
              is deleted on this device and on the server: every card becomes new again. This cannot be
              undone.
            </>
          )
        }
        confirmLabel="Reset Progress"
        onConfirm={async () => {
          if (confirming?.deckId) await reset(confirming.deckId, confirming.title);
        }}
      />
    </div>
  );
}

function sum(nodes: readonly TreeNode[]): Counts {
  const out: Counts = { newCount: 0, dueCount: 0, suspendedCount: 0, total: 0 };
  for (const n of nodes) {
    out.newCount += n.counts.newCount;
    out.dueCount += n.counts.dueCount;
    out.suspendedCount += n.counts.suspendedCount;
    out.total += n.counts.total;
  }
  return out;
}
