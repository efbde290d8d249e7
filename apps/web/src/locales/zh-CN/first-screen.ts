/**
 * This language's catalogues the first screen shows (the chat, its tour, the shared words: lib/i18n.ts
 * FIRST_SCREEN_NAMESPACES), as one module fetched at start-up; catalogue.ts holds the rest, fetched after.
 */
export default import.meta.glob<Record<string, unknown>>(['./common.json', './chat.json', './tour.json'], {
  eager: true,
  import: 'default',
});
