// /qbank (issue 19): the question bank's home — 'Create Test', 'Previous Tests' and 'Performance' as
// tabs (?tab=), read from the local store only, offline. '?topics=' pre-fills the builder.
import type { QbankPool } from '@zan/core';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/session/index.ts';
import {
  Alert,
  EmptyState,
  PageHeader,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '../../../ui/index.ts';
import { useBank } from '../hooks/use-bank.ts';
import { blockRows, performanceRows, weakestTopics } from '../summaries.ts';
import { CreateTest } from './create-test.tsx';
import { Performance } from './performance.tsx';
import { PreviousTests } from './previous-tests.tsx';

const NO_QUESTIONS = 'No questions on this device yet';
const TABS = ['create', 'previous', 'performance'] as const;
type Tab = (typeof TABS)[number];
const isTab = (x: string | null): x is Tab => TABS.some((t) => t === x);

export function QbankPage() {
  const { profile } = useAuth();
  const bank = useBank(profile?.uid ?? '');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'create';
  const topicsParam = params.get('topics');
  const prefill = useMemo(
    () =>
      topicsParam
        ? {
            topics: topicsParam.split(',').filter(Boolean),
            pools: ['unused', 'incorrect'] satisfies QbankPool[],
          }
        : null,
    [topicsParam],
  );
  const ready = bank !== undefined && !(bank instanceof Error);
  const perf = useMemo(() => (ready ? performanceRows(bank) : null), [ready, bank]);
  const rows = useMemo(() => (ready ? blockRows(bank) : []), [ready, bank]);

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        className="mb-0"
        title="Question Bank"
        description="Build a test from any topics on this device, take it in tutor or timed mode, and review it."
      />
      {bank === undefined ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only">Loading the question bank…</span>
          <Skeleton className="h-10 w-80 rounded-xl" />
          <Skeleton className="h-64 rounded-2xl" />
        </div>
      ) : bank instanceof Error ? (
        <Alert tone="error">{`The question bank could not be read on this device: ${bank.message}`}</Alert>
      ) : (
        <Tabs
          value={tab}
          onValueChange={(v) => setParams(v === 'create' ? {} : { tab: v }, { replace: true })}
          className="flex flex-col gap-4"
        >
          <TabsList aria-label="Question bank" className="self-start">
            <TabsTrigger value="create">Create Test</TabsTrigger>
            <TabsTrigger value="previous">Previous Tests</TabsTrigger>
            <TabsTrigger value="performance">Performance</TabsTrigger>
          </TabsList>
          <TabsContent value="create">
            {bank.questions.length ? (
              <CreateTest key={topicsParam ?? ''} userId={profile?.uid ?? ''} bank={bank} prefill={prefill} />
            ) : (
              <EmptyState
                title={NO_QUESTIONS}
                description="Open a subject while online (or download everything from the dashboard) to bring its questions here."
              />
            )}
          </TabsContent>
          <TabsContent value="previous">
            <PreviousTests rows={rows} />
          </TabsContent>
          <TabsContent value="performance">
            {perf && (
              <Performance
                subjects={perf.subjects}
                topics={perf.topics}
                weakest={weakestTopics(perf.topics)}
                onWeakest={() => navigate(`/qbank?topics=${weakestTopics(perf.topics).join(',')}`)}
              />
            )}
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
