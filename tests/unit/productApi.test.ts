import { describe, expect, it } from 'vitest';
import { productListBody } from '#src/server/productApi.ts';
import type { ProductView } from '#src/lib/catalogue.ts';

const SAFFRON: ProductView = {
  _id: 'kashmiri-saffron',
  title: 'Kashmiri Saffron',
  aliases: ['kesar'],
  variety: 'Spices',
  origin: 'Pampore, Kashmir, India',
  added: '2025-01-06',
  description: 'Bright and floral.',
  netQuantities: [{ label: '1 g', grams: 1, price: 14 }],
  images: ['/_astro/saffron-1.abc.jpg', '/_astro/saffron-2.abc.jpg'],
  video: '/videos/kashmiri-saffron.mp4',
  ingredients: ['Saffron stigmas'],
  nutrition: { calories: 310, protein: 11, carbs: 65, fat: 6 },
  tags: ['premium'],
  inStock: true,
  featured: true,
  newArrival: false,
  bestSeller: true,
};

describe('the product API body', () => {
  it("makes image and video URLs absolute on the shop's site", () => {
    const body = JSON.parse(productListBody([SAFFRON], 'https://shop.example')) as {
      success: boolean;
      products: ProductView[];
    };
    expect(body.success).toBe(true);
    expect(body.products[0]).toEqual({
      ...SAFFRON,
      images: [
        'https://shop.example/_astro/saffron-1.abc.jpg',
        'https://shop.example/_astro/saffron-2.abc.jpg',
      ],
      video: 'https://shop.example/videos/kashmiri-saffron.mp4',
    });
  });

  it('takes no request, so a forged Host header has nothing to reach', () => {
    const body = productListBody([SAFFRON], new URL('https://shop.example/some/page?host=evil.example'));
    expect(body).not.toContain('evil.example');
    expect(body).toContain('"https://shop.example/_astro/saffron-1.abc.jpg"');
  });
});
