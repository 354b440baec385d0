import { describe, expect, it } from 'vitest';
import { moveIslandStyleToHead } from '#src/firstPaint/server/islandStyle.ts';

const STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

describe('moveIslandStyleToHead', () => {
  it('moves the island style from the body to the end of the head, leaving the rest in place', () => {
    const page = `<html><head><title>Shop</title></head><body><h1>Cart</h1>${STYLE}<astro-island></astro-island></body></html>`;
    expect(moveIslandStyleToHead(page)).toBe(
      `<html><head><title>Shop</title>${STYLE}</head><body><h1>Cart</h1><astro-island></astro-island></body></html>`,
    );
  });

  it('leaves pages without islands, and a style already in the head, as they are', () => {
    const plain = '<html><head><title>Shop</title></head><body><style>p{}</style></body></html>';
    const inHead = `<html><head>${STYLE}</head><body><astro-island></astro-island></body></html>`;
    expect(moveIslandStyleToHead(plain)).toBe(plain);
    expect(moveIslandStyleToHead(inHead)).toBe(inHead);
  });
});
