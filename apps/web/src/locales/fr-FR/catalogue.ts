/** This language's other catalogues (the pages'), as one module, fetched once the first screen is up. */
export default import.meta.glob<Record<string, unknown>>(
  ['./*.json', '!./common.json', '!./chat.json', '!./tour.json'],
  {
    eager: true,
    import: 'default',
  },
);
