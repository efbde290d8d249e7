/**
 * Where the corpus came from, as a reader wants it: a name, a licence and a link, not repository paths (rough edge
 * 13). The translations' records come from the API (`/bible/translations`, the corpus's own metadata); the
 * reference works are listed here.
 */
export type LicenceKey = 'publicDomain' | 'publicDomainCrown' | 'ccBy40' | 'ccBy';

export const WORKS = [
  { key: 'dictionaries', licence: 'ccBy40', url: 'https://github.com/neuu-org/bible-dictionary-dataset' },
  { key: 'naves', licence: 'ccBy40', url: 'https://github.com/BradyStephenson/bible-data' },
  { key: 'strongs', licence: 'publicDomain', url: 'https://github.com/openscriptures/strongs' },
  { key: 'henry', licence: 'publicDomain', url: 'https://github.com/Razzula/public-domain-bible-resources' },
  { key: 'creeds', licence: 'publicDomain', url: 'https://github.com/NonlinearFruit/Creeds.json' },
  { key: 'crossrefs', licence: 'ccBy', url: 'https://www.openbible.info/labs/cross-references/' },
  { key: 'devotionals', licence: 'publicDomain', url: 'https://github.com/straitstreet/spurgeon-devotional' },
  { key: 'plans', licence: 'publicDomain', url: 'https://github.com/toleressea/mbrpgabot' },
] as const satisfies readonly { key: string; licence: LicenceKey; url: string }[];

/** The licence of a translation record in the reader's words, or null to show it as written. */
export function licenceKey(license: string): LicenceKey | null {
  if (/^public domain/i.test(license)) return /crown/i.test(license) ? 'publicDomainCrown' : 'publicDomain';
  if (/^CC BY 4\.0/i.test(license)) return 'ccBy40';
  if (/^CC BY\b/i.test(license)) return 'ccBy';
  return null;
}

/**
 * The link for a translation's `source` record: the CrossWire module page when the text is a SWORD module, the
 * eBible.org page of an eBible text, else the project that published it. The label names the publisher.
 */
export function sourceLink(source: string): { label: string; url: string } | null {
  const sword = /CrossWire SWORD module ([A-Za-z0-9]+)/.exec(source)?.[1];
  if (sword) {
    return {
      label: `CrossWire · ${sword}`,
      url: `https://www.crosswire.org/sword/modules/ModInfo.jsp?modName=${encodeURIComponent(sword)}`,
    };
  }
  const ebible = /ebible\.org ([a-z0-9]+)/i.exec(source)?.[1];
  if (ebible)
    return { label: 'eBible.org', url: `https://ebible.org/find/details.php?id=${encodeURIComponent(ebible)}` };
  const repo = /github\.com\/([\w.-]+)\/([\w.-]+)/.exec(source);
  if (repo) return { label: repo[2]!, url: `https://github.com/${repo[1]}/${repo[2]}` };
  return null;
}
