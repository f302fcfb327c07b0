/**
 * One kind of record of one book (a tenant's invoices, a company file's bills), kept in an array sorted by the time of
 * the last change, with an index by id. A change moves the record to the end, so "changed since" is a binary search
 * and a page is a slice: a tenant of 100,000 invoices pages without copying them (decision 054).
 */
export interface Entry<T> {
  /** Last change, epoch ms (Xero's UpdatedDateUTC, MYOB's LastModified). */
  ms: number;
  record: T;
}

export class SortedStore<T> {
  private entries: Entry<T>[] = [];
  private readonly byId = new Map<string, Entry<T>>();

  constructor(private readonly idOf: (record: T) => string) {}

  get size(): number {
    return this.entries.length;
  }

  get(id: string): T | undefined {
    return this.byId.get(id)?.record;
  }

  /** The last change time of the newest record (0 when empty). */
  get lastMs(): number {
    return this.entries.length ? this.entries[this.entries.length - 1].ms : 0;
  }

  /** Adds or replaces a record changed at `ms`; the store stays sorted (a time before the newest is moved up to it). */
  put(record: T, ms: number): Entry<T> {
    const id = this.idOf(record);
    const existing = this.byId.get(id);
    if (existing) this.removeEntry(existing);
    const entry: Entry<T> = { ms: Math.max(ms, this.lastMs), record };
    this.entries.push(entry);
    this.byId.set(id, entry);
    return entry;
  }

  /** Loads records in their stored order (persisted state): no re-sorting when already sorted. */
  load(items: Array<Entry<T>>): void {
    const sorted = items.every((item, index) => index === 0 || items[index - 1].ms <= item.ms) ? items : [...items].sort((a, b) => a.ms - b.ms);
    this.entries = sorted;
    this.byId.clear();
    for (const entry of sorted) this.byId.set(this.idOf(entry.record), entry);
  }

  delete(id: string): boolean {
    const existing = this.byId.get(id);
    if (!existing) return false;
    this.removeEntry(existing);
    this.byId.delete(id);
    return true;
  }

  clear(): void {
    this.entries = [];
    this.byId.clear();
  }

  /** The index of the first entry changed strictly after `ms`. */
  firstAfter(ms: number): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.entries[middle].ms <= ms) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** All entries, oldest change first (read only: do not mutate the array). */
  all(): readonly Entry<T>[] {
    return this.entries;
  }

  /** Records changed after `sinceMs` (all when null) that pass `keep`, oldest change first, lazily. */
  *scan(sinceMs: number | null, keep?: (record: T) => boolean): Generator<T> {
    const start = sinceMs === null ? 0 : this.firstAfter(sinceMs);
    for (let index = start; index < this.entries.length; index += 1) {
      const record = this.entries[index].record;
      if (!keep || keep(record)) yield record;
    }
  }

  private removeEntry(entry: Entry<T>): void {
    // Binary search to the first entry of the same time, then a short walk to the entry itself.
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.entries[middle].ms < entry.ms) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < this.entries.length; index += 1) {
      if (this.entries[index] === entry) {
        this.entries.splice(index, 1);
        return;
      }
    }
  }
}

/**
 * Takes page `page` (1-based) of `size` from a lazy sequence, counting the rest only when `countAll` (Xero's pagination
 * block): skipping costs a walk, never a copy.
 */
export function pageOf<T>(items: Iterable<T>, page: number, size: number, countAll: boolean): { items: T[]; total: number | null } {
  const skip = (page - 1) * size;
  const result: T[] = [];
  let seen = 0;
  for (const item of items) {
    if (seen >= skip && result.length < size) result.push(item);
    seen += 1;
    if (!countAll && result.length >= size) return { items: result, total: null };
  }
  return { items: result, total: seen };
}
