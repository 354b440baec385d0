import { getCollection, render, type CollectionEntry } from 'astro:content';

/** The collections shown as a list on an information page. */
type ListedCollection = 'faq' | 'careers' | 'timeline' | 'goals';

/** An entry's front matter with its Markdown body, ready to place as `<Content />`. */
type WithBody<C extends ListedCollection> = CollectionEntry<C>['data'] & {
  Content: Awaited<ReturnType<typeof render>>['Content'];
};

/** A collection's entries in the order `rank` gives (lowest first), each with its rendered body. */
export async function rankedEntries<C extends ListedCollection>(
  collection: C,
  rank: (data: CollectionEntry<C>['data']) => number,
): Promise<WithBody<C>[]> {
  const entries: CollectionEntry<C>[] = await getCollection(collection);
  entries.sort((a, b) => rank(a.data) - rank(b.data));
  return Promise.all(
    entries.map(async (entry) => ({ ...entry.data, Content: (await render(entry)).Content })),
  );
}
