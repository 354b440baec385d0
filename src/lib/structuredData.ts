import { sellingPrice } from './packPrices.ts';
import type { ProductView } from './productView.ts';
import { CURRENCY } from './money.ts';
import { isoDuration } from './recipes.ts';
import type { RatingSummary } from './reviews.ts';
import type { PublishedReview } from './shapes/review.schema.ts';
import { availability, type StockCounts } from './stock.ts';
import { SITE } from './site.ts';

type JsonLd = Record<string, unknown>;
const CONTEXT = 'https://schema.org';

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the tag. */
export function jsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * schema.org Product with one Offer per pack size, at the price the shopper pays and with the
 * pack's own availability (its count when the merchant counts it, else the Markdown's); with its
 * approved reviews' AggregateRating and the newest of them when there are any.
 */
export function productJsonLd(
  product: ProductView,
  url: URL,
  images: readonly string[],
  counts: StockCounts,
  approved?: { summary: RatingSummary; reviews: readonly PublishedReview[] },
): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.title,
    description: product.description,
    sku: product._id,
    category: product.variety,
    image: images,
    url: url.href,
    brand: { '@type': 'Brand', name: SITE.name },
    offers: product.netQuantities.map((pack) => ({
      '@type': 'Offer',
      name: pack.label,
      price: sellingPrice(pack).toFixed(2),
      priceCurrency: CURRENCY,
      availability: `${CONTEXT}/${availability(counts, product._id, pack.label, product.inStock).inStock ? 'InStock' : 'OutOfStock'}`,
      url: url.href,
    })),
    ...(approved && approved.summary.count > 0 && reviewsJsonLd(approved.summary, approved.reviews)),
  };
}

/** A product's `aggregateRating` and `review` entries, from approved reviews only. */
function reviewsJsonLd(summary: RatingSummary, reviews: readonly PublishedReview[]): JsonLd {
  const rating = (value: number) => ({
    '@type': 'Rating',
    ratingValue: value,
    bestRating: 5,
    worstRating: 1,
  });
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.map((review) => ({
      '@type': 'Review',
      reviewRating: rating(review.rating),
      author: { '@type': 'Person', name: review.author },
      datePublished: review.date,
      ...(review.title && { name: review.title }),
      ...(review.text && { reviewBody: review.text }),
    })),
  };
}

/** schema.org BreadcrumbList from the trail of (name, absolute URL) pairs. */
export function breadcrumbJsonLd(trail: readonly { name: string; url: URL }[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url.href,
    })),
  };
}

/** schema.org Organization for the shop, from the facts in `site.ts`. */
export function organizationJsonLd(site: URL): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: SITE.name,
    url: site.href,
    logo: new URL('/favicon.svg', site).href,
    email: SITE.email,
    telephone: SITE.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: SITE.address.street,
      addressLocality: SITE.address.city,
      addressRegion: SITE.address.region,
      postalCode: SITE.address.postalCode,
      addressCountry: SITE.address.country,
    },
  };
}

/** What a recipe's structured data says of it, as its page shows it. */
export interface RecipeFactsForData {
  title: string;
  summary: string;
  cuisine: string;
  course: string;
  prepMinutes: number;
  cookMinutes: number;
  serves: number;
  published: string;
  /** Every ingredient as a cook reads it, the shop's spices first ("1 teaspoon Cumin Seeds"). */
  ingredients: string[];
  steps: string[];
}

/** schema.org Recipe: times as ISO 8601 durations, the steps as HowToSteps, by the shop. */
export function recipeJsonLd(recipe: RecipeFactsForData, url: URL, image: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Recipe',
    name: recipe.title,
    description: recipe.summary,
    image: [image],
    url: url.href,
    author: { '@type': 'Organization', name: SITE.name },
    datePublished: recipe.published,
    prepTime: isoDuration(recipe.prepMinutes),
    cookTime: isoDuration(recipe.cookMinutes),
    totalTime: isoDuration(recipe.prepMinutes + recipe.cookMinutes),
    recipeYield: `${recipe.serves} servings`,
    recipeCategory: recipe.course,
    recipeCuisine: recipe.cuisine,
    recipeIngredient: recipe.ingredients,
    recipeInstructions: recipe.steps.map((text, index) => ({
      '@type': 'HowToStep',
      position: index + 1,
      text,
    })),
  };
}
