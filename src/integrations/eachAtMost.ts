/**
 * Runs `task` on every item, at most `limit` at a time: a build's steps over thousands of pages
 * keep the disk and Node's thread pool busy without holding every file in memory at once.
 */
export async function eachAtMost<T>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) await task(items[index] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
