/** What the name function of a code-splitting group may ask Rolldown about a module. */
interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/** A code-splitting group of Rolldown's, named by a function of the module. */
interface NamedGroup {
  name: (id: string, graph: ModuleGraph) => string | null;
}

/** A component's `<script>`, as the bundler names it: `src/…/Header.astro?astro&type=script…`. */
const componentScript = (components: readonly string[]) => {
  const paths = components.map((path) => path.replaceAll('/', String.raw`[\\/]`)).join('|');
  return new RegExp(String.raw`[\\/]src[\\/](${paths})\.astro\?astro&type=script`);
};

/**
 * The chunks that the scripts of components drawn together share, each one file:
 * - `shop`: what the top bar's script imports (its stores), loaded by every page;
 * - `cards`: what the scripts of the product cards import besides (hearts, rating badges, stock
 *   notes), loaded by every page with cards (home, the catalogue, the lists, a product's page).
 *
 * Left to itself, the bundler gives each set of scripts that shares a module a chunk of its own:
 * the catalogue's scripts imported eleven files of 0.1 to 1.6 KB, up to four imports deep, and over
 * HTTP/1.1's six connections to a host each file waited its own round trip before its imports were
 * asked for. A page that loads all of a group's scripts loads every module of the group anyway,
 * so the chunk costs it no byte, and each store is still one copy shared by the top bar and the
 * islands. A page that loads only some of them (the cart and checkout, LiveStock's) or an island
 * importing one of these modules loads the whole chunk: a few hundred bytes, most of which their
 * islands import anyway. The layout's own script is in neither: it starts the page's other scripts
 * after the first frame (src/firstPaint/browser/firstFrame.ts), so what it imports is written into
 * its own file and it waits for no other.
 */
export function scriptChunks(): NamedGroup[] {
  return [
    { name: chunkOf('shop', componentScript(['components/Header'])) },
    {
      name: chunkOf(
        'cards',
        componentScript(['components/WishlistHearts', 'components/RatingBadges', 'components/LiveStock']),
      ),
    },
  ];
}

/** A group's name function: `chunk` for what the scripts import at any depth, not the scripts. */
function chunkOf(chunk: string, scripts: RegExp): NamedGroup['name'] {
  return (id, graph) => (scripts.test(id) || !importedBy(scripts, id, graph) ? null : chunk);
}

/** Whether a module is reached from one of the scripts: its importers walked up to them. */
function importedBy(scripts: RegExp, id: string, graph: ModuleGraph): boolean {
  const seen = new Set([id]);
  const waiting = [id];
  for (let next = waiting.pop(); next !== undefined; next = waiting.pop()) {
    for (const importer of graph.getModuleInfo(next)?.importers ?? []) {
      if (scripts.test(importer)) return true;
      if (!seen.has(importer)) {
        seen.add(importer);
        waiting.push(importer);
      }
    }
  }
  return false;
}
