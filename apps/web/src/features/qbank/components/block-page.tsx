// /qbank/block/:blockId (issue 19): opens a block where it was left (reload, another device, offline)
// once its questions are read; an ended block goes to its review.
import { useCallback, useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../lib/session/index.ts';
import { Alert, EmptyState, Skeleton, useToast } from '../../../ui/index.ts';
import { useBlockSession } from '../hooks/use-block-session.ts';
import { BlockPlayer } from './block-player.tsx';

const NO_BLOCK = 'This test is not on this device';

export function Loading({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="mx-auto flex w-full max-w-3xl flex-col gap-3">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-64 w-full rounded-2xl" />
    </div>
  );
}

export function NoBlock() {
  return (
    <EmptyState
      title={NO_BLOCK}
      description="It may not have synced here yet. Your tests are listed under Previous Tests."
      action={
        <Link to="/qbank?tab=previous" className="text-sm font-semibold text-primary underline">
          Previous Tests
        </Link>
      }
    />
  );
}

export function BlockPage() {
  const { blockId = '' } = useParams();
  const { profile } = useAuth();
  const userId = profile?.uid ?? '';
  const toast = useToast();
  const navigate = useNavigate();
  const onError = useCallback(
    (e: unknown) =>
      toast.error(
        `Your test could not be saved on this device: ${e instanceof Error ? e.message : String(e)}`,
      ),
    [toast],
  );
  const { stored, content, player } = useBlockSession(userId, blockId, onError);
  // Ended (End Block, or the countdown at zero): to the review once the ended block is stored.
  const ended = !!player.block && player.block.endedAt !== null;
  const { saved } = player;
  useEffect(() => {
    if (!ended) return;
    let live = true;
    void saved().then(() => {
      if (live) navigate(`/qbank/review/${blockId}`, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [ended, saved, navigate, blockId]);

  if (stored === null || player.block === null) return <NoBlock />;
  if (stored === undefined || !content || player.block === undefined)
    return <Loading label="Opening the test…" />;
  if (ended) return <Loading label="Ending the test…" />;
  if (!content.questions.size)
    return <Alert tone="error">The questions of this test are not on this device.</Alert>;
  return <BlockPlayer block={player.block} content={content} player={player} />;
}
