// @ts-check
// The harness floor: a page of half a kilobyte, no CSS, no script, no picture, served by the same
// server and measured the same way as the shop's pages, so the report shows how far they are from
// what this machine, server and Lighthouse setup can do at best. It is written only into the
// benchmark's own copy of the build: the shop has no such route.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const FLOOR_PATH = '/bench-floor';

const FLOOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Harness floor</title>
<meta name="description" content="The smallest page the benchmark measures: what the server and the browser cost with nothing to load.">
</head>
<body>
<main>
<h1>Harness floor</h1>
<p>Half a kilobyte of HTML and nothing else: no stylesheet, no script, no font, no picture. Whatever the shop's pages take more than this page is theirs.</p>
</main>
</body>
</html>
`;

/**
 * Writes the floor page into a build's client directory (a copy of it: see above).
 * @param {string} clientDir
 */
export function writeFloorPage(clientDir) {
  const dir = join(clientDir, FLOOR_PATH);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), FLOOR_HTML);
}
