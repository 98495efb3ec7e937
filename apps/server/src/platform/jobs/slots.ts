/**
 * A process's slots for work claimed from the database (webhook deliveries, remote image fetches). A freed
 * slot is filled at once from what is due: nothing waits for the rest of a batch, as a batch-at-a-time
 * loop did while one partner's slow work held it. Claims run one after the other, so the caps a claim
 * counts (in memory or in the database) never race with another claim of the same process.
 */
export interface WorkSlotsOptions<T> {
  /** Most pieces of work in flight at once. */
  size: number;
  /** Claims up to `free` pieces of what is due. */
  claim: (free: number) => Promise<T[]>;
  /**
   * Works one piece; the slot frees when it settles. Called synchronously as the piece starts, so counts
   * kept before its first await are in place for the next claim.
   */
  run: (item: T) => Promise<void>;
  /** Whether free slots may be filled now (not while stopping, nor past a job's time budget). */
  open?: () => boolean;
  /** A piece that failed (item), or a refill whose claim failed (null): logged, never thrown. */
  failed: (error: unknown, item: T | null) => void;
}

export class WorkSlots<T> {
  private inFlight = 0;
  private current: Promise<number> | null = null;
  private queued: Promise<number> | null = null;
  private waiters: (() => void)[] = [];

  constructor(private readonly options: WorkSlotsOptions<T>) {}

  get running(): number {
    return this.inFlight;
  }

  /**
   * Claims what is due into the free slots and starts it; answers how many were started. A fill asked
   * for while one runs runs once after it (however many ask meanwhile).
   */
  fill(): Promise<number> {
    if (!this.current) {
      this.current = this.claimAndStart().finally(() => {
        this.current = null;
      });
      return this.current;
    }
    this.queued ??= this.current
      .catch(() => 0)
      .then(() => {
        this.queued = null;
        return this.fill();
      });
    return this.queued;
  }

  /** Resolves when the next piece in flight ends. */
  settled(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Works what is due until nothing is due and nothing is in flight; answers how many pieces started. */
  async drain(): Promise<number> {
    let worked = 0;
    for (;;) {
      const started = await this.fill();
      worked += started;
      if (started === 0 && this.inFlight === 0) return worked;
      await this.settled();
    }
  }

  /** Waits for the claim under way, the work in flight and a claim asked for meanwhile (shutdown). */
  async idle(): Promise<void> {
    await this.current?.catch(() => undefined);
    while (this.inFlight > 0) await this.settled();
    await this.queued?.catch(() => undefined);
  }

  private isOpen(): boolean {
    return this.options.open?.() ?? true;
  }

  private async claimAndStart(): Promise<number> {
    const free = this.options.size - this.inFlight;
    if (free <= 0 || !this.isOpen()) return 0;
    const claimed = await this.options.claim(free);
    for (const item of claimed) this.start(item);
    return claimed.length;
  }

  private start(item: T): void {
    this.inFlight++;
    let work: Promise<void>;
    try {
      work = this.options.run(item);
    } catch (error) {
      work = Promise.reject(error);
    }
    void work
      .catch((error: unknown) => this.options.failed(error, item))
      .finally(() => {
        this.inFlight--;
        // The freed slot goes to what is due now, whoever's it is.
        if (this.isOpen()) this.fill().catch((error: unknown) => this.options.failed(error, null));
        const waiters = this.waiters;
        this.waiters = [];
        for (const wake of waiters) wake();
      });
  }
}
