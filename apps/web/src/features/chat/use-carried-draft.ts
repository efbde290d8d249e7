import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * A question carried to the chat screen in the navigation's state (`{ draft }`, e.g. a saved answer's follow-up):
 * it lands in the composer, to be sent or edited, once per navigation.
 */
export function useCarriedDraft(setDraft: (draft: string) => void): void {
  const location = useLocation();
  const state: unknown = location.state;
  const draft = state && typeof state === 'object' ? (state as { draft?: unknown }).draft : undefined;
  useEffect(() => {
    if (typeof draft === 'string' && draft.trim()) setDraft(draft);
  }, [draft, location.key, setDraft]);
}
