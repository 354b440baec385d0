/**
 * Every parameter of the address a catalogue query is read from (`queryFromUrl` in catalogueQuery.ts):
 * the server keeps one rendered page per set of them. A module of its own, with no imports, so
 * astro.config.mjs can load it as it is.
 */
export const CATALOGUE_PARAMS = ['q', 'category', 'sort', 'stock', 'page'];
