// A product's approved reviews on its static page: the summary, a bar per star and ten reviews at
// a time, from `/api/v1/reviews/<id>` (kept a minute), drawn from the section's own template.
// Loaded by ProductReviews.astro when the section nears the screen.
import { formatLongDate } from '#src/lib/dates.ts';
import { ratingLabel, type RatingSummary } from '#src/lib/reviews.ts';
import type { PublishedReview } from '#src/lib/shapes/review.schema.ts';

interface ReviewPage {
  summary: RatingSummary;
  reviews: PublishedReview[];
  page: number;
  pageCount: number;
}

/** Paints `section` (`[data-reviews-for]`) with the product's first page and wires More reviews. */
export function showReviews(section: HTMLElement): void {
  const find = <Element extends HTMLElement>(selector: string) =>
    section.querySelector<Element>(selector) ?? undefined;
  const list = find('[data-review-list]');
  const more = find<HTMLButtonElement>('[data-more-reviews]');
  const template = find<HTMLTemplateElement>('[data-review-template]');
  let shown = 0;

  /** The rows for 4 to 1 stars, drawn from the 5 stars' row the page carries (once). */
  function drawStarRows(): void {
    const first = find('[data-review-bar="5"]')?.closest('li');
    if (!first?.parentElement || first.parentElement.children.length > 1) return;
    for (const star of [4, 3, 2, 1]) {
      const row = first.cloneNode(true) as HTMLElement;
      const part = (selector: string) => row.querySelector<HTMLElement>(selector);
      const label = part('[data-review-bar-label]');
      if (label) label.textContent = star === 1 ? '1 star' : `${star} stars`;
      part('[data-review-bar]')?.setAttribute('data-review-bar', String(star));
      part('[data-review-bar-count]')?.setAttribute('data-review-bar-count', String(star));
      first.parentElement.append(row);
    }
  }

  function paintSummary({ average, count, stars }: RatingSummary): void {
    if (count === 0) return;
    const text = (selector: string, value: string) => {
      const element = find(selector);
      if (element) element.textContent = value;
    };
    text('[data-review-average]', average.toFixed(1));
    text('[data-review-count]', `Based on ${count} ${count === 1 ? 'review' : 'reviews'}`);
    find('[data-review-stars]')?.setAttribute('aria-label', ratingLabel({ average, count }));
    const fill = find('[data-review-fill]');
    if (fill) fill.style.width = `${(average / 5) * 100}%`;
    drawStarRows();
    stars.forEach((counted, index) => {
      const bar = find(`[data-review-bar="${index + 1}"]`);
      if (bar) bar.style.width = `${(counted / count) * 100}%`;
      text(`[data-review-bar-count="${index + 1}"]`, String(counted));
    });
    find('[data-reviews-empty]')?.setAttribute('hidden', '');
    find('[data-review-summary]')?.removeAttribute('hidden');
  }

  function reviewItem(review: PublishedReview): Node | undefined {
    const item = template?.content.firstElementChild?.cloneNode(true);
    if (!(item instanceof HTMLElement)) return undefined;
    const field = (name: string) => item.querySelector<HTMLElement>(`[data-${name}]`);
    const stars = field('stars');
    if (stars) {
      stars.textContent = '★'.repeat(review.rating) + '☆'.repeat(5 - review.rating);
      stars.setAttribute('aria-label', `${review.rating} out of 5 stars`);
    }
    // The template holds a plain span: an empty <time> is not valid HTML.
    const date = field('date');
    if (date) {
      const time = document.createElement('time');
      time.className = date.className;
      time.dateTime = review.date;
      time.textContent = formatLongDate(new Date(review.date), 'UTC');
      date.replaceWith(time);
    }
    for (const name of ['title', 'text', 'author'] as const) {
      const element = field(name);
      if (!element) continue;
      element.textContent = review[name];
      if (!review[name]) element.remove();
    }
    return item;
  }

  async function showPage(page: number): Promise<void> {
    const productId = section.dataset['reviewsFor'] ?? '';
    const response = await fetch(`/api/v1/reviews/${encodeURIComponent(productId)}?page=${page}`);
    const body = (await response.json()) as Partial<ReviewPage> | null;
    if (!body?.summary || !Array.isArray(body.reviews)) return;
    if (page === 1) paintSummary(body.summary);
    for (const review of body.reviews) {
      const item = reviewItem(review);
      if (item) list?.append(item);
    }
    shown += body.reviews.length;
    if (more) {
      more.hidden = page >= (body.pageCount ?? 0);
      more.dataset['page'] = String(page);
    }
    const status = find('[data-reviews-status]');
    if (status && page > 1) status.textContent = `Showing ${shown} of ${body.summary.count} reviews`;
  }

  more?.addEventListener('click', () => {
    more.disabled = true;
    showPage(Number(more.dataset['page'] ?? '1') + 1)
      .catch(() => undefined)
      .finally(() => (more.disabled = false));
  });
  // Offline, or a bad answer: the page keeps the empty summary it was built with.
  showPage(1).catch(() => undefined);
}
