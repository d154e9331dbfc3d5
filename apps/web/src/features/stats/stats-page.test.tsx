import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, getUserDb } from '../../local/db.ts';
import { profile as makeProfile } from '../../lib/testing/fakes.ts';
import { mod, subj } from '../../sync/testing/fake-server.ts';
import { MODULE_CSV, NO_STUDY_DATA, StatsPage, SUBJECT_CSV } from './index.ts';

function renderStats(uid: string) {
  render(<StatsPage profile={makeProfile({ uid })} />);
}

const today = (h: number, m = 0) => {
  const d = new Date();
  d.setHours(h, m, 0, 0);
  return d;
};

async function seed(uid: string) {
  const db = getUserDb(uid);
  await db.modules.bulkPut([
    mod('m-cv', { name: 'Cardiovascular System', stage: 1 }),
    // m-x has no local module row: no stage.
  ]);
  const row = (
    date: Date,
    seconds: number,
    subjectId: string,
    subjectName: string,
    moduleId: string,
    moduleName: string,
  ) => ({
    uuid: crypto.randomUUID(),
    date,
    durationInSeconds: seconds,
    subjectId,
    subjectName,
    moduleId,
    moduleName,
  });
  await db.studySessions.bulkAdd([
    row(today(0, 1), 3600, 's-heart', 'Cardiac Physiology', 'm-cv', 'Cardiovascular System'),
    row(today(0, 2), 303, 's-heart', 'Cardiac Physiology', 'm-cv', 'Cardiovascular System'),
    row(today(0, 3), 42, 's-f', '=HYPERLINK("x")', 'm-x', 'Electives, misc'),
    row(new Date(2000, 0, 1), 7, 's-f', '=HYPERLINK("x")', 'm-x', 'Electives, misc'),
  ]);
}

afterEach(() => {
  cleanup();
  closeUserDb();
  vi.restoreAllMocks();
});

describe('stats page', () => {
  it("shows 'No Study Data Found' when there are no sessions", async () => {
    renderStats('stats-' + crypto.randomUUID());
    expect(await screen.findAllByText(NO_STUDY_DATA)).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /Export to CSV/ })).toBeNull();
  });

  it('shows the period totals and the By Subject rows, live', { timeout: 20_000 }, async () => {
    const uid = 'stats-' + crypto.randomUUID();
    renderStats(uid);
    await screen.findByText(NO_STUDY_DATA);
    await seed(uid);
    const todayCard = await screen.findByTestId('period-today');
    expect(todayCard.textContent).toContain('1h 5m 45s');
    expect(screen.getByTestId('period-year').textContent).toContain('1h 5m 45s');

    const table = screen.getByRole('table', { name: 'Study time by subject' });
    const rows = within(table).getAllByRole('row').slice(1);
    // The row header's first span is the subject (the second repeats the module on phones).
    expect(
      rows.map((r) => [
        r.querySelector('th > span')?.textContent,
        ...Array.from(r.querySelectorAll('td')).map((c) => c.textContent),
      ]),
    ).toEqual([
      ['Cardiac Physiology', 'Cardiovascular System (UG-1)', '1h 5m 3s', '2', '32m 32s'],
      ['=HYPERLINK("x")', 'Electives, misc', '49s', '2', '25s'],
    ]);
    expect(screen.queryByText(NO_STUDY_DATA)).toBeNull();
  });

  it('lists a subject under its name when its first session was saved without one (issue 18)', async () => {
    const uid = 'stats-' + crypto.randomUUID();
    const db = getUserDb(uid);
    await db.modules.put(mod('m-cv', { name: 'Cardiovascular System', stage: 1 }));
    await db.subjects.put({ ...subj('s-heart', 'm-cv'), name: 'Cardiac Physiology' });
    // Saved while the subject was not yet on the device: no names, no module.
    await db.studySessions.bulkAdd([
      {
        uuid: crypto.randomUUID(),
        date: today(0, 1),
        durationInSeconds: 60,
        subjectId: 's-heart',
        subjectName: '',
        moduleId: '',
        moduleName: '',
      },
      {
        uuid: crypto.randomUUID(),
        date: today(0, 2),
        durationInSeconds: 120,
        subjectId: 's-heart',
        subjectName: 'Cardiac Physiology',
        moduleId: 'm-cv',
        moduleName: 'Cardiovascular System',
      },
    ]);
    renderStats(uid);
    const table = await screen.findByRole('table', { name: 'Study time by subject' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('th > span')?.textContent)).toEqual(['Cardiac Physiology']);
    expect(rows[0]?.textContent).toContain('Cardiovascular System (UG-1)');
    expect(rows[0]?.textContent).toContain('3m');
    expect(screen.queryByText(/Unknown (subject|module)/)).toBeNull();
  });

  it("'Export to CSV' downloads both files with escaped cells", { timeout: 20_000 }, async () => {
    const uid = 'stats-' + crypto.randomUUID();
    await seed(uid);
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return `blob:test/${blobs.length}`;
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderStats(uid);
    fireEvent.click(await screen.findByRole('button', { name: /Export to CSV/ }));

    expect(names).toEqual([SUBJECT_CSV, MODULE_CSV]);
    const [subject, mod] = await Promise.all(blobs.map((b) => b.text()));
    expect(subject!.replace(/^\uFEFF/, '')).toBe(
      [
        'Subject,Module,Total Time,Sessions,Average,Total Seconds',
        'Cardiac Physiology,Cardiovascular System (UG-1),1h 5m 3s,2,32m 32s,3903',
        '"\'=HYPERLINK(""x"")","Electives, misc",49s,2,25s,49',
        '',
      ].join('\r\n'),
    );
    expect(mod).toContain('Cardiovascular System (UG-1),1,1h 5m 3s,2,32m 32s,3903\r\n');
    expect(mod).toContain('"Electives, misc",1,49s,2,25s,49\r\n');
  });
});
