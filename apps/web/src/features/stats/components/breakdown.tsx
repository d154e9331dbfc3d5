// 'By Subject' table and 'By Module' cards (SPEC §2 Stats page), switched by tabs.
import { formatDuration, stageTitle, type ModuleStats, type SubjectStats } from '@zan/core';
import { Card, Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/index.ts';

export function Breakdown({ bySubject, byModule }: { bySubject: SubjectStats[]; byModule: ModuleStats[] }) {
  return (
    <Tabs defaultValue="subject">
      <TabsList aria-label="Breakdown">
        <TabsTrigger value="subject">By Subject</TabsTrigger>
        <TabsTrigger value="module">By Module</TabsTrigger>
      </TabsList>
      <TabsContent value="subject">
        <SubjectTable rows={bySubject} />
      </TabsContent>
      <TabsContent value="module">
        <ModuleCards rows={byModule} />
      </TabsContent>
    </Tabs>
  );
}

function SubjectTable({ rows }: { rows: SubjectStats[] }) {
  const th = 'px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-muted sm:px-4';
  const num = 'px-3 py-3 text-right tabular-nums whitespace-nowrap sm:px-4';
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
      <table className="w-full text-sm sm:min-w-[36rem]">
        <caption className="sr-only">Study time by subject</caption>
        <thead className="border-b border-line bg-surface-2/60">
          <tr>
            <th scope="col" className={th}>
              Subject
            </th>
            <th scope="col" className={`${th} hidden sm:table-cell`}>
              Module
            </th>
            <th scope="col" className={`${th} text-right`}>
              <span className="sm:hidden" aria-hidden="true">
                Total
              </span>
              <span className="max-sm:sr-only">Total Time</span>
            </th>
            <th scope="col" className={`${th} text-right`}>
              <span className="sm:hidden" aria-hidden="true">
                #
              </span>
              <span className="max-sm:sr-only">Sessions</span>
            </th>
            <th scope="col" className={`${th} hidden text-right sm:table-cell`}>
              Average
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((r) => (
            <tr key={r.subjectId} className="text-fg">
              <th scope="row" className="px-3 py-3 text-left font-semibold sm:px-4">
                <span>{r.subjectName}</span>
                <span className="block text-xs font-normal text-muted sm:hidden" aria-hidden="true">
                  {r.moduleLabel}
                </span>
              </th>
              <td className="hidden px-4 py-3 text-muted sm:table-cell">{r.moduleLabel}</td>
              <td className={`${num} font-medium`}>{formatDuration(r.totalSeconds)}</td>
              <td className={num}>{r.sessions}</td>
              <td className={`${num} hidden sm:table-cell`}>{formatDuration(r.averageSeconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ModuleCards({ rows }: { rows: ModuleStats[] }) {
  const max = Math.max(1, ...rows.map((r) => r.totalSeconds));
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {rows.map((r) => (
        <li key={r.moduleId}>
          <Card className="flex h-full flex-col gap-3">
            <div>
              <h3 className="font-semibold text-fg">{r.moduleName}</h3>
              <p className="text-sm text-muted">
                {r.stage != null ? `${stageTitle(r.stage)} · ` : ''}
                {r.subjects} {r.subjects === 1 ? 'subject' : 'subjects'}
              </p>
            </div>
            <p className="text-2xl font-bold tracking-tight text-fg tabular-nums">
              {formatDuration(r.totalSeconds)}
            </p>
            <div className="h-1.5 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
              <div
                className="h-full rounded-full bg-primary"
                style={{ width: `${Math.max(4, (r.totalSeconds / max) * 100)}%` }}
              />
            </div>
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-muted">Sessions</dt>
                <dd className="font-medium text-fg tabular-nums">{r.sessions}</dd>
              </div>
              <div>
                <dt className="text-muted">Average</dt>
                <dd className="font-medium text-fg tabular-nums">{formatDuration(r.averageSeconds)}</dd>
              </div>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}
