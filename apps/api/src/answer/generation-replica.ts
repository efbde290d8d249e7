import { GenerationState, type GenerationChange } from './generation-state.ts';
import type { GenerationRecord } from './generation-store.ts';

/**
 * A generation that runs on another server, as readers here follow it: a copy built from the store's snapshot and
 * kept up to date by the changes the owner publishes. A change that overlaps what the copy has is trimmed; one that
 * leaves a gap (a notice lost while the connection to Redis was down) asks for a new snapshot.
 */
export class GenerationReplica extends GenerationState {
  /** Leases held here (readers and stoppers); the copy is dropped when none is left. */
  refs = 0;
  /** Readers here: while there is one, the owner is told this server reads. */
  readers = 0;
  released = false;
  lastChange = Date.now();
  /** Since when its record has been missing from the store (a store that restarted empty, or a dead server). */
  missingSince: number | undefined;
  unwatch: () => Promise<void> = async () => undefined;

  /** Known once the first snapshot is read; changes that arrive before it wait for it. */
  record: GenerationRecord | undefined;

  /** Applies a change; false when it starts beyond what the copy has (a gap). */
  take(change: GenerationChange): boolean {
    if (this.ended) return true;
    this.lastChange = Date.now();
    const text = change.text ?? '';
    const citations = change.citations ?? [];
    // The terminal event holds the whole answer, so it settles the copy whatever it missed.
    const gap = change.from.text > this.textLength || change.from.citations > this.citations.length;
    if (gap && !change.terminal) return false;
    const newText = text.slice(Math.max(0, this.textLength - change.from.text));
    const newCitations = citations.slice(Math.max(0, this.citations.length - change.from.citations));
    this.apply({
      ...(change.meta && !this.meta ? { meta: change.meta } : {}),
      ...(newText ? { text: newText } : {}),
      ...(newCitations.length ? { citations: newCitations } : {}),
      ...(change.terminal ? { terminal: change.terminal } : {}),
    });
    return true;
  }
}
