import type { CatalogueCard } from '#src/lib/catalogueIndex.ts';
import ProductCard from './ProductCard.tsx';

interface Props {
  cards: readonly CatalogueCard[];
  /** Whether a card's first pack is on the shopper's wishlist (unknown on the server: none). */
  isSaved?: (card: CatalogueCard) => boolean;
}

/**
 * One page of the catalogue's cards, the first row's pictures loaded at once. Drawn by the server
 * for the page asked for, and by the catalogue island once it has searched its index.
 */
export default function CatalogueGrid({ cards, isSaved = () => false }: Props) {
  return (
    <ul
      id="catalogue-grid"
      className="cards-later mt-4 grid grid-cols-2 gap-x-4 gap-y-10 sm:mt-6 sm:gap-x-6 md:grid-cols-3 lg:grid-cols-4"
    >
      {cards.map((card, position) => (
        <li key={card.id} data-product-id={card.id}>
          <ProductCard item={card} eager={position < 4} saved={isSaved(card)} />
        </li>
      ))}
    </ul>
  );
}
