// The study data export/import round trip (SPEC §3, §5, §9): export → JSON text → import gives back the
// same records, dates equal by time; anything not shaped like an export file gets the spec's message.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INVALID_EXPORT_FILE,
  buildExportFile,
  exportFileName,
  parseExportFile,
  type ExportProgressRecord,
  type ExportStudySession,
} from './export-file.ts';
import { DEFAULT_SCHEDULER_SETTINGS } from './scheduler.ts';

const date = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const idText = fc.string({ minLength: 1, maxLength: 40 });

const progress: fc.Arbitrary<ExportProgressRecord> = fc.record(
  {
    id: idText,
    userId: idText,
    itemId: idText,
    cardId: idText,
    questionId: idText,
    subjectId: fc.string({ maxLength: 40 }),
    deckId: idText,
    type: fc.constantFrom('flashcard' as const, 'mcq' as const),
    easeFactor: fc.double({ min: 1.3, max: 10, noNaN: true }),
    interval: fc.integer({ min: 0, max: 1e9 }),
    dueDate: fc.option(date, { nil: null }),
    isSuspended: fc.boolean(),
    reviewedAt: date,
  },
  { requiredKeys: ['itemId', 'subjectId', 'type', 'easeFactor', 'interval', 'dueDate', 'isSuspended'] },
);

const session: fc.Arbitrary<ExportStudySession> = fc.record(
  {
    uuid: fc.uuid(),
    date,
    durationInSeconds: fc.integer({ min: 1, max: 86_400 }),
    subjectId: fc.string({ maxLength: 40 }),
    subjectName: fc.string({ maxLength: 80 }),
    moduleId: fc.string({ maxLength: 40 }),
    moduleName: fc.string({ maxLength: 80 }),
  },
  { requiredKeys: ['date', 'durationInSeconds', 'subjectId', 'subjectName', 'moduleId', 'moduleName'] },
);

/** Dates compared by time, everything else by value. */
const comparable = (v: unknown): unknown => JSON.parse(JSON.stringify(v)) as unknown;

describe('study data export file', () => {
  it('round trip: export → JSON → import gives the same records (dates by time)', () => {
    fc.assert(
      fc.property(
        fc.array(progress, { maxLength: 20 }),
        fc.array(session, { maxLength: 10 }),
        date,
        (rows, sessions, now) => {
          const text = JSON.stringify(buildExportFile(rows, sessions, now));
          const back = parseExportFile(text);
          if (!back.ok) throw new Error(back.error);
          expect(comparable(back.data.userProgress)).toEqual(comparable(rows));
          expect(comparable(back.data.studySessions)).toEqual(comparable(sessions));
          for (const [i, r] of back.data.userProgress.entries()) {
            expect(r.dueDate === null || r.dueDate instanceof Date).toBe(true);
            expect(r.dueDate?.getTime() ?? null).toBe(rows[i]?.dueDate?.getTime() ?? null);
            expect(r.reviewedAt?.getTime()).toBe(rows[i]?.reviewedAt?.getTime());
          }
          for (const [i, s] of back.data.studySessions.entries())
            expect(s.date.getTime()).toBe(sessions[i]?.date.getTime());
        },
      ),
      { numRuns: 150 },
    );
  });

  it('carries the FSRS memory state and the scheduler settings as additive fields (issue 18)', () => {
    const row: ExportProgressRecord = {
      itemId: 'c1',
      subjectId: 's',
      type: 'flashcard',
      easeFactor: 2.5,
      interval: 864_000,
      dueDate: new Date('2026-03-11T00:00:00Z'),
      isSuspended: false,
      stability: 10.5,
      difficulty: 6.2,
      learningState: 'review',
      learningStep: 0,
      lastReview: new Date('2026-03-01T00:00:00Z'),
      reps: 4,
      lapses: 1,
    };
    const settings = {
      ...DEFAULT_SCHEDULER_SETTINGS,
      scheduler: 'fsrs' as const,
      desiredRetention: 0.85,
      parameters: Array.from({ length: 21 }, (_, i) => i / 10),
      parametersSource: {
        kind: 'personal' as const,
        reviews: 1200,
        optimizedAt: 1,
        logLoss: 0.3,
        rmse: 0.04,
      },
      updatedAt: 5,
    };
    const file = buildExportFile([row], [], new Date(), [], settings);
    expect(file.version).toBe(1);
    const back = parseExportFile(JSON.stringify(file));
    if (!back.ok) throw new Error(back.error);
    expect(back.data.userProgress[0]).toEqual(row);
    expect(back.data.schedulerSettings).toEqual(settings);
    // Unreadable settings are left out; the records still import.
    const bad = parseExportFile(
      JSON.stringify({ ...file, data: { ...file.data, schedulerSettings: { x: 1 } } }),
    );
    expect(bad.ok && bad.data.schedulerSettings).toBe(undefined);
  });

  it('writes version 1, exportedAt and both arrays; drops the local auto key of sessions', () => {
    const now = new Date('2025-10-01T08:30:00Z');
    const file = buildExportFile(
      [
        {
          itemId: 'c1',
          cardId: 'c1',
          subjectId: 's1',
          type: 'flashcard',
          easeFactor: 2.5,
          interval: 600,
          dueDate: now,
          isSuspended: false,
        },
      ],
      [
        {
          id: 7,
          uuid: '8f0c1f59-2f7a-4a53-9f51-0c3b4fd1e0a1',
          date: now,
          durationInSeconds: 60,
          subjectId: 's1',
          subjectName: 'A',
          moduleId: 'm1',
          moduleName: 'B',
        },
      ],
      now,
    );
    expect(file.version).toBe(1);
    expect(file.exportedAt).toBe('2025-10-01T08:30:00.000Z');
    expect(file.data.userProgress[0]).toMatchObject({ dueDate: '2025-10-01T08:30:00.000Z' });
    expect(file.data.studySessions[0]).not.toHaveProperty('id');
    expect(file.data.studySessions[0]).toMatchObject({ date: '2025-10-01T08:30:00.000Z' });
  });

  it.each([
    ['not JSON', '{oops'],
    ['no data', '{"version":1}'],
    ['no version', '{"data":{"userProgress":[],"studySessions":[]}}'],
    ['missing studySessions', '{"version":1,"data":{"userProgress":[]}}'],
    ['userProgress not an array', '{"version":1,"data":{"userProgress":{},"studySessions":[]}}'],
    [
      'a record without an item',
      '{"version":1,"data":{"userProgress":[{"easeFactor":2.5,"interval":0}],"studySessions":[]}}',
    ],
    [
      'an unreadable date',
      '{"version":1,"data":{"userProgress":[{"itemId":"c","easeFactor":2.5,"interval":0,"dueDate":"soon"}],"studySessions":[]}}',
    ],
    ['null', 'null'],
  ])('rejects %s with the spec message', (_name, text) => {
    expect(parseExportFile(text)).toEqual({ ok: false, error: INVALID_EXPORT_FILE });
  });

  it('revives dates written as ISO text, epoch ms or {seconds, nanoseconds}, and fills defaults', () => {
    const res = parseExportFile({
      version: 1,
      exportedAt: '2025-10-01T00:00:00.000Z',
      data: {
        userProgress: [
          {
            cardId: 'c1',
            easeFactor: 2.5,
            interval: 60,
            dueDate: { seconds: 1_700_000_000, nanoseconds: 5_000_000 },
          },
          {
            itemId: 'q1',
            questionId: 'q1',
            subjectId: 's',
            easeFactor: 2.5,
            interval: 0,
            dueDate: 1_700_000_000_000,
            isSuspended: true,
          },
        ],
        studySessions: [
          {
            date: '2025-09-30T10:00:00Z',
            durationInSeconds: 90,
            subjectId: 's',
            subjectName: 'S',
            moduleId: 'm',
            moduleName: 'M',
          },
        ],
      },
    });
    if (!res.ok) throw new Error(res.error);
    expect(res.data.userProgress[0]).toEqual({
      itemId: 'c1',
      cardId: 'c1',
      subjectId: '',
      type: 'flashcard',
      easeFactor: 2.5,
      interval: 60,
      dueDate: new Date(1_700_000_000_005),
      isSuspended: false,
    });
    expect(res.data.userProgress[1]).toMatchObject({
      type: 'mcq',
      dueDate: new Date(1_700_000_000_000),
      isSuspended: true,
    });
    expect(res.data.studySessions[0]?.date).toEqual(new Date('2025-09-30T10:00:00Z'));
  });

  it("names the file 'study data' plus the local date", () => {
    expect(exportFileName(new Date(2025, 0, 5, 23, 59))).toBe('study data 2025-01-05.json');
  });
});

describe('stableSessionId', () => {
  it('is a valid UUID, the same for the same session and different for another', async () => {
    const { stableSessionId } = await import('./export-file.ts');
    const { z } = await import('zod');
    const s = {
      date: new Date(Date.UTC(2025, 0, 5)),
      durationInSeconds: 90,
      subjectId: 's1',
      moduleId: 'm1',
    };
    for (let i = 0; i < 200; i++) {
      const id = stableSessionId({ ...s, durationInSeconds: i + 1 });
      expect(z.uuid().safeParse(id).success, id).toBe(true);
    }
    expect(stableSessionId(s)).toBe(stableSessionId({ ...s }));
    expect(stableSessionId(s)).not.toBe(stableSessionId({ ...s, durationInSeconds: 91 }));
  });
});
