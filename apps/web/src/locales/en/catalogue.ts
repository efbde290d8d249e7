/** This language's namespaces as one module, so a visit fetches a language's catalogues in one request. */
export default import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });
