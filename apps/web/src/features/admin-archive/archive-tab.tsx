// Archived Content tab (superadmin): archived modules, subjects and topics, each list on its own
// (10 per page, newest first), with Restore and permanent delete.
import { ARCHIVE_KINDS } from '@zan/core';
import { ArchiveList } from './components/archive-list.tsx';

export function ArchiveTab() {
  return (
    <section aria-labelledby="archive-title">
      <header className="mb-5">
        <h2 id="archive-title" className="text-xl font-semibold tracking-tight text-fg">
          Archived Content
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted">
          Archived items are hidden from students. Restore brings one back with everything under it; a
          permanent delete removes it and everything under it for good.
        </p>
      </header>
      <div className="flex flex-col gap-8">
        {ARCHIVE_KINDS.map((kind) => (
          <ArchiveList key={kind} kind={kind} />
        ))}
      </div>
    </section>
  );
}
