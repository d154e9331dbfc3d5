// The deck tree: nested disclosure lists (buttons with aria-expanded) with arrow-key navigation. Only the
// children of open nodes are rendered, so a large collection stays light.
import { memo } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../ui/index.ts';
import type { NodeKind, TreeNode } from '../build-tree.ts';
import type { OpenState } from '../hooks/use-open-state.ts';
import { CountPills } from './count-pills.tsx';
import { onTreeKeyDown } from './tree-keys.ts';
import { ExportProgressButton } from './export-progress-button.tsx';
import { CardStackIcon, DisclosureIcon, RefreshIcon } from '../../../ui/icons.tsx';

type Props = { nodes: TreeNode[]; open: OpenState; onReset: (node: TreeNode) => void };

const KIND_LABEL: Record<NodeKind, string> = {
  stage: 'Stage',
  module: 'Module',
  subject: 'Subject',
  topic: 'Topic',
  deck: 'Deck',
};
const ROW_FOCUS = 'outline-none focus-visible:ring-2 focus-visible:ring-primary/60';
const INDENT = ['pl-0', 'pl-3 sm:pl-5', 'pl-6 sm:pl-10', 'pl-9 sm:pl-14', 'pl-12 sm:pl-20'];
const PILL_INDENT = ['pl-6', 'pl-9', 'pl-12', 'pl-15', 'pl-18'];

const cardsLabel = (n: number): string => `${n} ${n === 1 ? 'card' : 'cards'}`;

export function DeckTree({ nodes, open, onReset }: Props) {
  return (
    <ul aria-label="Decks" onKeyDown={onTreeKeyDown} className="flex flex-col gap-3">
      {nodes.map((n) => (
        <li key={n.key} className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
          <Branch node={n} depth={0} isOpen={open.isOpen(n.key)} open={open} onReset={onReset} />
        </li>
      ))}
    </ul>
  );
}

type BranchProps = {
  node: TreeNode;
  depth: number;
  isOpen: boolean;
  open: OpenState;
  onReset: (n: TreeNode) => void;
  parentKey?: string;
};

const Branch = memo(function Branch({ node, depth, isOpen, open, onReset, parentKey }: BranchProps) {
  const groupId = `tree-${node.key.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  const isStage = node.kind === 'stage';
  return (
    <>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={isOpen ? groupId : undefined}
        data-tree-row=""
        data-tree-key={node.key}
        data-parent-key={parentKey}
        onClick={() => open.setOpen(node.key, !isOpen)}
        className={cx(
          'flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5 text-left transition hover:bg-surface-2 sm:flex-nowrap sm:px-4',
          ROW_FOCUS,
          isStage && 'bg-surface-2/60 py-3',
        )}
      >
        <span className={cx('flex min-w-0 flex-[1_1_100%] items-center gap-2 sm:flex-1', INDENT[depth])}>
          <DisclosureIcon
            className={cx(
              'size-4 shrink-0 text-muted transition-transform motion-reduce:transition-none',
              isOpen && 'rotate-90',
            )}
          />
          <span className="sr-only">{KIND_LABEL[node.kind]}: </span>
          <span
            className={cx(
              'truncate',
              isStage
                ? 'text-base font-bold tracking-tight text-fg'
                : depth === 1
                  ? 'font-semibold text-fg'
                  : 'font-medium text-fg',
            )}
          >
            {node.title}
          </span>
          <span className="hidden shrink-0 text-xs text-muted sm:inline">
            {cardsLabel(node.counts.total)}
          </span>
        </span>
        <CountPills counts={node.counts} className={cx('sm:pl-0', PILL_INDENT[depth])} />
      </button>
      {isOpen && (
        <ul
          id={groupId}
          aria-label={node.title}
          className={cx(isStage && 'border-t border-line', 'divide-y divide-line/60')}
        >
          {node.children.map((c) => (
            <li key={c.key}>
              {c.kind === 'deck' ? (
                <DeckRow node={c} depth={depth + 1} onReset={onReset} parentKey={node.key} />
              ) : (
                <Branch
                  node={c}
                  depth={depth + 1}
                  isOpen={open.isOpen(c.key)}
                  open={open}
                  onReset={onReset}
                  parentKey={node.key}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
});

type DeckRowProps = { node: TreeNode; depth: number; onReset: (n: TreeNode) => void; parentKey: string };

function DeckRow({ node, depth, onReset, parentKey }: DeckRowProps) {
  const pristine = node.counts.newCount === node.counts.total;
  const rowProps = { 'data-tree-row': '', 'data-tree-key': node.key, 'data-parent-key': parentKey };
  const name = (
    <>
      <CardStackIcon className="size-4 shrink-0" />
      <span className="truncate">{node.title}</span>
    </>
  );
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-3 py-2.5 sm:flex-nowrap sm:px-4"
      data-deck-row={node.deckId}
    >
      <span
        className={cx('flex min-w-0 flex-1 items-center gap-2', INDENT[Math.min(depth, INDENT.length - 1)])}
      >
        {node.subjectId && node.deckId ? (
          <Link
            {...rowProps}
            to={`/study/subject/${encodeURIComponent(node.subjectId)}/deck/${encodeURIComponent(node.deckId)}`}
            className={cx(
              'flex min-w-0 items-center gap-2 rounded font-medium text-primary hover:underline',
              ROW_FOCUS,
            )}
          >
            {name}
          </Link>
        ) : (
          <span
            {...rowProps}
            tabIndex={-1}
            className={cx('flex min-w-0 items-center gap-2 font-medium text-fg', ROW_FOCUS)}
          >
            {name}
          </span>
        )}
        <span className="shrink-0 text-xs text-muted">{cardsLabel(node.counts.total)}</span>
      </span>
      <span className="flex items-center gap-2 pl-6 sm:pl-0">
        <CountPills counts={node.counts} />
        {node.deckId && (
          <ExportProgressButton deckId={node.deckId} title={node.title} className={ROW_FOCUS} />
        )}
        <button
          type="button"
          onClick={() => onReset(node)}
          disabled={pristine}
          aria-label={`Reset progress of ${node.title}`}
          title={pristine ? 'Nothing to reset: every card is new' : 'Reset progress'}
          className={cx(
            'inline-flex h-8 items-center gap-1 rounded-lg border border-line px-2 text-xs font-medium text-muted transition hover:border-danger/40 hover:bg-danger/10 hover:text-danger disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-line disabled:hover:bg-transparent disabled:hover:text-muted',
            ROW_FOCUS,
          )}
        >
          <RefreshIcon className="size-3.5" />
          <span className="hidden sm:inline">Reset</span>
        </button>
      </span>
    </div>
  );
}
