import { MSG, type ProgressOp } from '@zan/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, getUserDb, type UserProgressRow } from '../../../local/db.ts';
import { fakeSyncApi } from '../../../lib/testing/fakes.ts';
import { SyncContext, type SyncApiForUi } from '../../../sync/use-sync.ts';
import { DataManagementSection } from './data-management-section.tsx';
import { TroubleshootingSection } from './troubleshooting-section.tsx';

const earlier = new Date('2026-02-01T10:00:00Z');
let userId = '';
let blobs: Blob[] = [];

const fakeSync = (over: Partial<SyncApiForUi> = {}): SyncApiForUi => ({ ...fakeSyncApi(), ...over });

const row = (itemId: string): UserProgressRow => ({
  id: `${userId}_${itemId}`,
  userId,
  itemId,
  cardId: itemId,
  subjectId: 's1',
  deckId: 'd1',
  type: 'flashcard',
  easeFactor: 2.5,
  interval: 600,
  dueDate: earlier,
  isSuspended: false,
  reviewedAt: earlier,
});

function renderData(sync = fakeSync()) {
  render(
    <SyncContext.Provider value={sync}>
      <DataManagementSection userId={userId} />
    </SyncContext.Provider>,
  );
  return sync;
}

const fileInput = () => screen.getByLabelText('Study data file') as HTMLInputElement;
const choose = (file: File) =>
  act(async () => void fireEvent.change(fileInput(), { target: { files: [file] } }));
const jsonFile = (value: unknown) =>
  new File([typeof value === 'string' ? value : JSON.stringify(value)], 'backup.json', {
    type: 'application/json',
  });

beforeEach(async () => {
  userId = 'acct-' + crypto.randomUUID();
  blobs = [];
  URL.createObjectURL = vi.fn((b: Blob) => {
    blobs.push(b);
    return 'blob:zan/1';
  });
  URL.revokeObjectURL = vi.fn();
  await getUserDb(userId).userProgress.bulkPut([row('a'), row('b')]);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  closeUserDb();
});

describe('Data Management', () => {
  it("Export downloads this user's progress and sessions as version 1 with the dated name", async () => {
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    await getUserDb(userId).studySessions.add({
      uuid: crypto.randomUUID(),
      date: earlier,
      durationInSeconds: 90,
      subjectId: 's1',
      subjectName: 'S',
      moduleId: 'm1',
      moduleName: 'M',
    });
    renderData();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByRole('status')).textContent).toBe('Data exported successfully!');
    expect(click).toHaveBeenCalledOnce();
    expect(names).toEqual([expect.stringMatching(/^study data \d{4}-\d{2}-\d{2}\.json$/)]);
    const file = JSON.parse(await blobs[0]!.text()) as {
      version: number;
      exportedAt: string;
      data: { userProgress: { itemId: string; dueDate: string }[]; studySessions: { date: string }[] };
    };
    expect(file.version).toBe(1);
    expect(new Date(file.exportedAt).getTime()).not.toBeNaN();
    expect(file.data.userProgress.map((r) => r.itemId).sort()).toEqual(['a', 'b']);
    expect(file.data.userProgress[0]?.dueDate).toBe(earlier.toISOString());
    expect(file.data.studySessions[0]?.date).toBe(earlier.toISOString());
  });

  it('issue 9 case 9: the export includes the progress changes the server refused', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const op = { opId: 'refused-op-2', kind: 'delete', itemId: 'x', at: 1 } satisfies ProgressOp;
    await getUserDb(userId).progressOutbox.add({
      opId: op.opId,
      createdAt: 1,
      kind: op.kind,
      payload: op,
      rejectedAt: 2,
      rejectedReason: 'invalid',
    });
    renderData();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByRole('status')).textContent).toBe('Data exported successfully!');
    const file = JSON.parse(await blobs[0]!.text()) as {
      data: { rejectedOps?: { op: { opId: string }; reason: string }[] };
    };
    expect(file.data.rejectedOps?.map((r) => [r.op.opId, r.reason])).toEqual([['refused-op-2', 'invalid']]);
  });

  it('a failed export says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    URL.createObjectURL = vi.fn(() => {
      throw new Error('no blobs here');
    });
    renderData();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.exportFailed);
  });

  it('an invalid file gets the spec message and changes nothing', async () => {
    renderData();
    await choose(jsonFile('{"version":1}'));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or corrupted data file format.');
    expect(screen.queryByRole('dialog')).toBeNull();
    const db = getUserDb(userId);
    expect((await db.userProgress.toArray()).map((r) => r.itemId).sort()).toEqual(['a', 'b']);
    expect(await db.progressOutbox.count()).toBe(0);
  });

  it('a file that cannot be read says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const file = jsonFile('{}');
    file.text = () => Promise.reject(new Error('gone'));
    renderData();
    await choose(file);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to read the selected file.');
  });

  it('a valid file asks first; confirming replaces the rows, queues the ops and uploads', async () => {
    const sync = renderData();
    const db = getUserDb(userId);
    await choose(
      jsonFile({
        version: 1,
        exportedAt: new Date().toISOString(),
        data: {
          userProgress: [
            { ...row('b'), dueDate: earlier.toISOString() },
            { ...row('c'), userId: 'other', id: 'other_c' },
          ],
          studySessions: [
            {
              date: earlier.toISOString(),
              durationInSeconds: 60,
              subjectId: 's1',
              subjectName: 'S',
              moduleId: 'm1',
              moduleName: 'M',
            },
          ],
        },
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/overwrite all of your current progress/);
    expect(dialog.textContent).toMatch(/cannot be undone/);
    // Nothing changes before the confirmation.
    expect((await db.userProgress.toArray()).map((r) => r.itemId).sort()).toEqual(['a', 'b']);
    fireEvent.click(screen.getByRole('button', { name: 'Import and overwrite' }));
    expect((await screen.findByRole('status')).textContent).toBe('Successfully imported 3 records.');
    const rows = await db.userProgress.toArray();
    expect(rows.map((r) => r.id).sort()).toEqual([`${userId}_b`, `${userId}_c`]);
    expect(rows.every((r) => r.userId === userId)).toBe(true);
    expect(await db.studySessions.count()).toBe(1);
    const kinds = (await db.progressOutbox.toArray()).map((r) => r.payload.kind).sort();
    expect(kinds).toEqual(['import', 'session', 'upsert', 'upsert']);
    expect(sync.scheduleProgressUpload).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancelling the confirmation changes nothing', async () => {
    renderData();
    await choose(jsonFile({ version: 1, data: { userProgress: [], studySessions: [] } }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await getUserDb(userId).userProgress.count()).toBe(2);
    expect(await getUserDb(userId).progressOutbox.count()).toBe(0);
  });

  it('a failing import says why and leaves everything as it was', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const db = getUserDb(userId);
    vi.spyOn(db.progressOutbox, 'bulkAdd').mockRejectedValue(new Error('QuotaExceededError'));
    renderData();
    await choose(jsonFile({ version: 1, data: { userProgress: [], studySessions: [] } }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Import and overwrite' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Data import failed: QuotaExceededError');
    expect(await db.userProgress.count()).toBe(2);
  });
});

describe('Troubleshooting', () => {
  it("'Perform Full Sync' runs a full sync and shows the result", async () => {
    const fullSync = vi.fn(async () => 'success' as const);
    render(
      <SyncContext.Provider value={fakeSync({ fullSync })}>
        <TroubleshootingSection userId={userId} />
      </SyncContext.Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Perform Full Sync' }));
    expect((await screen.findByText('Sync successful!')).className).toContain('text-success');
    expect(fullSync).toHaveBeenCalledOnce();
  });

  it('is disabled while syncing', () => {
    render(
      <SyncContext.Provider value={fakeSync({ status: 'syncing' })}>
        <TroubleshootingSection userId={userId} />
      </SyncContext.Provider>,
    );
    expect((screen.getByRole('button', { name: 'Perform Full Sync' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('issue 9 case 9: counts the progress changes the server refused (kept on this device)', async () => {
    const db = getUserDb(userId);
    const op = { opId: 'refused-op-1', kind: 'delete', itemId: 'x', at: 1 } satisfies ProgressOp;
    await db.progressOutbox.add({
      opId: op.opId,
      createdAt: 1,
      kind: op.kind,
      payload: op,
      rejectedAt: 2,
      rejectedReason: 'invalid',
    });
    render(
      <SyncContext.Provider value={fakeSync()}>
        <TroubleshootingSection userId={userId} />
      </SyncContext.Provider>,
    );
    expect((await screen.findByText(MSG.rejectedOps(1))).getAttribute('role')).toBe('status');
  });
});
