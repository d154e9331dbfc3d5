// The randomized model's vocabulary (issue 9 "Prove it"): admin writes of every kind and device
// actions with faults, as fast-check arbitraries. Indices pick among what exists when the step runs.
import fc from 'fast-check';

const pick = fc.nat({ max: 1_000 });
const device = fc.constantFrom(0, 1);

export type Action =
  | { k: 'module'; free: boolean; year: 0 | 1 }
  | {
      k:
        | 'subject'
        | 'topic'
        | 'deck'
        | 'editCard'
        | 'rename'
        | 'archive'
        | 'restore'
        | 'setGlobal'
        | 'grant'
        | 'revoke'
        | 'deleteAnnouncement';
      i: number;
    }
  | { k: 'move'; i: number; j: number }
  | { k: 'year'; year: 0 | 1 }
  | { k: 'announce'; year: 0 | 1 }
  | {
      k:
        | 'signIn'
        | 'online'
        | 'offline'
        | 'sync'
        | 'syncProgress'
        | 'release'
        | 'session'
        | 'growSession'
        | 'undo';
      d: 0 | 1;
    }
  | { k: 'fault'; d: 0 | 1; fault: 'drop-request' | 'drop-response' }
  | { k: 'slowDownload' | 'download' | 'resetDeck'; d: 0 | 1; i: number }
  | { k: 'review'; d: 0 | 1; i: number; rating: 'again' | 'hard' | 'good' | 'easy' }
  /** Issue 38: a review naming another college's card (a tampered device): refused, set aside. */
  | { k: 'foreign'; d: 0 | 1 }
  | { k: 'import'; d: 0 | 1; keep: 'all' | 'half' | 'none' };

const year = fc.constantFrom(0 as const, 1 as const);
const d = device as fc.Arbitrary<0 | 1>;

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ k: fc.constant('module' as const), free: fc.boolean(), year }) },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constantFrom('subject' as const, 'topic' as const, 'deck' as const),
      i: pick,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constantFrom(
        'editCard' as const,
        'rename' as const,
        'archive' as const,
        'restore' as const,
        'setGlobal' as const,
        'grant' as const,
        'revoke' as const,
        'deleteAnnouncement' as const,
      ),
      i: pick,
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('move' as const), i: pick, j: pick }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('year' as const), year }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('announce' as const), year }) },
  {
    weight: 6,
    arbitrary: fc.record({
      k: fc.constantFrom(
        'signIn' as const,
        'online' as const,
        'offline' as const,
        'sync' as const,
        'sync' as const,
        'syncProgress' as const,
        'release' as const,
        'session' as const,
        'growSession' as const,
        'undo' as const,
      ),
      d,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('fault' as const),
      d,
      fault: fc.constantFrom('drop-request' as const, 'drop-response' as const),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constantFrom(
        'slowDownload' as const,
        'download' as const,
        'download' as const,
        'resetDeck' as const,
      ),
      d,
      i: pick,
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      k: fc.constant('review' as const),
      d,
      i: pick,
      rating: fc.constantFrom('again' as const, 'hard' as const, 'good' as const, 'easy' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('foreign' as const), d }) },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('import' as const),
      d,
      keep: fc.constantFrom('all' as const, 'half' as const, 'none' as const),
    }),
  },
);

const DAY = 86_400_000;
/** Device clocks: exact, a little off, past the 60 s tolerance, up to a day either way. */
const skewArb = fc.oneof(
  fc.constant(0),
  fc.integer({ min: -5_000, max: 5_000 }),
  fc.integer({ min: -DAY, max: DAY }),
  fc.constantFrom(61_000, -61_000, 120_000),
);

export const scheduleArb = fc.record({
  skews: fc.tuple(skewArb, skewArb),
  actions: fc.array(actionArb, { minLength: 5, maxLength: 40 }),
});
export type Schedule = { skews: [number, number]; actions: Action[] };
