/**
 * A bounded memo for reads of one corpus version, whose rows never change. It keeps promises, so concurrent askers
 * of the same key share one query, and forgets a failed read; least recently used keys leave first beyond capacity.
 */
export function versionMemo<V>(capacity: number) {
  const entries = new Map<string, Promise<V>>();
  const remember = (key: string, value: Promise<V>) => {
    entries.set(key, value);
    value.catch(() => {
      if (entries.get(key) === value) entries.delete(key);
    });
    if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
  };
  const recall = (key: string) => {
    const hit = entries.get(key);
    if (hit) {
      entries.delete(key);
      entries.set(key, hit);
    }
    return hit;
  };
  return {
    /** The value of one key, read when missing. */
    get(key: string, read: () => Promise<V>): Promise<V> {
      const hit = recall(key);
      if (hit) return hit;
      // Adopted once: a drizzle query is a lazy thenable that runs its statement at each `then` or `catch`, so
      // remembering it as it came ran the cross-references query twice (once for the forgetting, once for the asker).
      const value = Promise.resolve(read());
      remember(key, value);
      return value;
    },
    /** The values of several keys; the missing ones are read together in one call. */
    many(keys: string[], readMissing: (missing: string[]) => Promise<Map<string, V>>): Promise<(V | undefined)[]> {
      const missing = [...new Set(keys.filter((k) => !entries.has(k)))];
      if (missing.length) {
        const batch = Promise.resolve(readMissing(missing));
        for (const key of missing) {
          remember(
            key,
            batch.then((found) => found.get(key) as V),
          );
        }
      }
      return Promise.all(keys.map((k) => recall(k)));
    },
  };
}
