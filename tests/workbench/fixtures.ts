import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

/** Reads a file of the repository as text. */
export const readText = (path: string) => readFileSync(path, 'utf8');

/** Tests of the workbench on the dev server, kept off the internet and out of the real content. */
export const test = base.extend<{ keep: (...paths: string[]) => void; sameSiteOnly: void }>({
  // Keystatic's admin page asks Google Fonts for its typeface; tests stay off the internet, and
  // the page falls back to a system font as it does on an offline machine.
  sameSiteOnly: [
    async ({ context, baseURL }, provide) => {
      const site = new URL(baseURL ?? '').origin;
      await context.route(
        (url) => url.origin !== site,
        (route) => route.abort(),
      );
      await provide();
    },
    { auto: true },
  ],
  // The files a test lets the workbench write. `keep(path)` copies a file or folder aside before
  // the test changes it; after the test, passed or failed, each goes back as it was (or is
  // removed if it did not exist), so neither a saved answer nor a half-created product stays.
  // Playwright reads from the empty pattern that this fixture needs no other.
  keep: async ({}, provide) => {
    const aside = mkdtempSync(join(tmpdir(), 'workbench-kept-'));
    const kept: { path: string; copy: string | undefined }[] = [];
    await provide((...paths) => {
      for (const path of paths) {
        const copy = existsSync(path) ? join(aside, String(kept.length)) : undefined;
        if (copy) cpSync(path, copy, { recursive: true });
        kept.push({ path, copy });
      }
    });
    for (const { path, copy } of kept.reverse()) {
      rmSync(path, { recursive: true, force: true });
      if (copy) cpSync(copy, path, { recursive: true });
    }
    rmSync(aside, { recursive: true, force: true });
  },
});

export { expect };

/** Opens a workbench screen and waits until Keystatic's app has drawn it. */
export async function openWorkbench(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible({ timeout: 120_000 });
}
