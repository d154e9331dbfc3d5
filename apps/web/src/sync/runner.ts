// Single flight with one queued follow-up (SPEC §4 Sync: "Only one sync runs at a time. A request made
// meanwhile is queued and runs afterwards."). Requests made while one runs collapse into one follow-up,
// which takes the strongest request (a full sync beats a delta), and all of them get its result.
export type Job<K, R> = (kind: K) => Promise<R>;

export class SingleFlight<K, R> {
  private running: Promise<R> | null = null;
  private queued: {
    kind: K;
    promise: Promise<R>;
    resolve: (r: R) => void;
    reject: (e: unknown) => void;
  } | null = null;

  constructor(
    private readonly job: Job<K, R>,
    /** Which of two queued kinds the follow-up runs as. */
    private readonly merge: (a: K, b: K) => K = (_a, b) => b,
    private readonly onBusyChange: (busy: boolean) => void = () => undefined,
  ) {}

  get busy(): boolean {
    return this.running !== null;
  }

  run(kind: K): Promise<R> {
    if (!this.running) return this.start(kind);
    if (this.queued) {
      this.queued.kind = this.merge(this.queued.kind, kind);
      return this.queued.promise;
    }
    let resolve!: (r: R) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<R>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.queued = { kind, promise, resolve, reject };
    return promise;
  }

  private start(kind: K, followUp = false): Promise<R> {
    if (!followUp) this.onBusyChange(true);
    const p = (async () => this.job(kind))();
    this.running = p;
    const next = () => {
      const q = this.queued;
      this.queued = null;
      if (!q) {
        this.running = null;
        this.onBusyChange(false);
        return;
      }
      this.start(q.kind, true).then(q.resolve, q.reject);
    };
    p.then(next, next);
    return p;
  }
}
