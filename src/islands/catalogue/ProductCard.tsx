import { memo } from 'react';
import { lineItem } from '#src/lib/lineItem.ts';
import { unitPriceText } from '#src/lib/packPrices.ts';
import { sellsToday } from '#src/lib/productToday.ts';
import { formatShortMonthYear } from '#src/lib/packedDates.ts';
import type { CatalogueCard } from '#src/lib/catalogueIndex.ts';
import { HeartIcon } from '#src/islands/common/icons.tsx';
import PriceTag from '#src/islands/product/PriceTag.tsx';

/**
 * The slot a card's picture fills, for the browser to pick a width from the srcset: the grids'
 * columns less their gaps and the page's margins (two columns below 768 px: a 412 px phone's card
 * is 182 px, which a 1.75x screen fills from the 320 px picture).
 */
const CARD_SIZES =
  '(min-width: 1280px) 296px, (min-width: 1024px) 23vw, (min-width: 768px) 31vw, (min-width: 640px) calc(50vw - 36px), calc(50vw - 24px)';

interface Props {
  item: CatalogueCard;
  /** Heading level of the product name, to fit the page's outline. */
  level?: 2 | 3;
  /** Load the picture at once: for cards in the first screenful. */
  eager?: boolean;
  /** On the shopper's wishlist. Pages without React set it from the store in a script. */
  saved?: boolean;
}

/**
 * A product card: picture, offer, stock and rating badges, wishlist heart, category, name, the
 * pack it prices (the cheapest that sells) with its unit price, when its lot was packed, which
 * packs are sold out, and its price. Rendered to HTML on every page that lists products, and by the
 * catalogue island for the page it shows; its heart works through `WishlistHearts.astro`.
 */
function ProductCard({ item, level = 3, eager = false, saved = false }: Props) {
  const Heading = level === 2 ? 'h2' : 'h3';
  // Priced "from" its cheapest pack that sells when it comes in more than one.
  const several = item.packs.length > 1;
  const wished = lineItem({ _id: item.id, title: item.title, netQuantities: [item.pack] }, 0, item.thumb);
  return (
    <article className="group/card relative flex h-full flex-col">
      <div className="bg-cream relative aspect-square overflow-hidden rounded-2xl">
        <img
          src={item.image.src}
          srcSet={item.image.srcset}
          sizes={CARD_SIZES}
          alt={item.image.alt}
          width={item.image.width}
          height={item.image.height}
          loading={eager ? 'eager' : 'lazy'}
          // Only the first row asks for more than the browser's own priority ("auto" is its default).
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          className="size-full object-cover transition-transform duration-700 ease-out group-hover/card:scale-[1.04]"
        />
        <div className="absolute top-3 left-3 flex flex-col items-start gap-1.5">
          {item.offer !== undefined && (
            <span className="bg-chili rounded-full px-2.5 py-1 text-xs font-bold tracking-wide text-white">
              {`-${item.offer}%`}
            </span>
          )}
          {!sellsToday(item) && (
            <span className="bg-ink/85 text-paper rounded-full px-2.5 py-1 text-xs font-semibold">
              Out of Stock
            </span>
          )}
        </div>
        {/* Its approved reviews' stars and count, written by RatingBadges.astro once it has one. */}
        <span className="rating-badge absolute bottom-3 left-3" data-rating-for={item.id} />
      </div>
      <button
        type="button"
        className="group text-ink hover:text-chili aria-pressed:text-chili absolute top-3 right-3 z-10 grid size-10 place-items-center rounded-full bg-white/90 shadow-sm ring-1 ring-black/5 backdrop-blur transition-colors"
        aria-label={`Save ${item.title} to wishlist`}
        aria-pressed={saved}
        data-wishlist-item={JSON.stringify(wished)}
      >
        <HeartIcon />
      </button>
      <div className="flex flex-1 flex-col pt-4">
        <p className="eyebrow text-[0.68rem]">{item.variety}</p>
        <Heading className="text-ink mt-1.5 text-lg leading-snug sm:text-xl">
          <a
            href={`/products/${item.id}`}
            className="focus-visible:after:outline-saffron after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-4"
          >
            {item.title}
          </a>
        </Heading>
        {/* One string, one text node: React's HTML marks each boundary between two with a comment,
            bytes every card repeats in its page's first response. */}
        <p className="text-ink-soft mt-1 text-sm">{`${item.pack.label} · ${unitPriceText(item.pack)}`}</p>
        {item.packed && (
          <p className="text-ink-soft text-xs">{`Packed ${formatShortMonthYear(new Date(item.packed))}`}</p>
        )}
        {/* Its packs' live stock, written by LiveStock.astro in the room kept for it: the packs
            sold out, or the priced pack's "Only 3 left". It names the product, the priced pack,
            then the others. */}
        <p
          className="stock-note mt-1"
          data-stock-for={[
            item.id,
            item.pack.label,
            ...item.packs.filter((pack) => pack !== item.pack.label),
          ].join('\n')}
          // Left out when in stock by its Markdown, as most are (LiveStock.astro reads it so).
          data-in-stock={item.inStock ? undefined : 'false'}
        />
        <p className="text-ink-soft mt-auto pt-3 text-sm">
          {several && 'from '}
          <PriceTag price={item.pack.price} offerPrice={item.pack.offerPrice} />
        </p>
      </div>
    </article>
  );
}

/** A keystroke that keeps a card on the page leaves it as it is: only new cards are drawn. */
export default memo(ProductCard);
