/** A map that keeps at most `limit` entries and drops the least recently used one when full.
 *  A JavaScript Map iterates in insertion order, so re-inserting on read keeps the oldest entry first. */
export class LruCache<K, V> {
  readonly limit: number;
  private readonly map = new Map<K, V>();

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`LruCache limit must be a positive integer, got ${limit}`);
    this.limit = limit;
  }

  get size(): number {
    return this.map.size;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key) as V;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.limit) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.map.delete(oldest.value);
    }
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}
