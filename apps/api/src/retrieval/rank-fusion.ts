// Reciprocal rank fusion (Cormack et al., 2009): score(d) = Σ 1 / (k + rank_i(d)), rank starting at 1. It needs no
// score calibration between BM25 and vector distances, only the order each retriever produced.

export const RRF_K = 60;

export interface FusedItem {
  id: string;
  score: number;
  /** Index of each input list the id appeared in. */
  lists: number[];
}

/**
 * Fuses ranked id lists; ties keep the order of first appearance, so earlier lists win ties. `weights` scales each
 * list's contributions (default 1 each).
 */
export function reciprocalRankFusion(
  lists: readonly (readonly string[])[],
  k: number = RRF_K,
  weights: readonly number[] = [],
): FusedItem[] {
  const fused = new Map<string, FusedItem>();
  lists.forEach((ids, listIndex) => {
    const seen = new Set<string>();
    ids.forEach((id, position) => {
      if (seen.has(id)) return;
      seen.add(id);
      const item = fused.get(id) ?? { id, score: 0, lists: [] };
      item.score += (weights[listIndex] ?? 1) / (k + position + 1);
      item.lists.push(listIndex);
      fused.set(id, item);
    });
  });
  return [...fused.values()].sort((a, b) => b.score - a.score);
}
