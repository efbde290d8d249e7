import { createHash } from 'node:crypto';

/** What a translation is made from, as a digest: a translation of another source (the corpus changed) is not served. */
export function devotionalSourceHash(title: string, text: string): string {
  return createHash('sha256').update(`${title}\n${text}`).digest('hex');
}
