/** Shows `source`'s picture in `target`: srcset first, so only the width shown is fetched. */
function copyPicture(target: HTMLImageElement | null, source: HTMLImageElement): void {
  target?.setAttribute('srcset', source.getAttribute('srcset') ?? '');
  target?.setAttribute('src', source.getAttribute('src') ?? '');
}

/**
 * Puts the tin of the chosen pack in the product gallery's first view and shows it: its main
 * picture, alt text and thumbnail come from the pack's `template[data-pack-picture]`
 * (ProductGallery.astro). Here rather than in the gallery's own script, so the page loads no
 * more script before the shopper acts; without JavaScript the first pack's tin stays.
 */
export function showPackPicture(pack: string): void {
  const gallery = document.querySelector('[data-gallery]');
  const template = [...(gallery?.querySelectorAll('template') ?? [])].find(
    (candidate) => candidate.dataset['packPicture'] === pack,
  );
  const [view, thumb] = template?.content.querySelectorAll('img') ?? [];
  const firstView = gallery?.querySelector('img[data-view="0"]');
  if (!(firstView instanceof HTMLImageElement) || !view) return;
  copyPicture(firstView, view);
  firstView.alt = view.alt;
  const firstThumb = gallery?.querySelector<HTMLButtonElement>('[data-show="0"]');
  if (!firstThumb || !thumb) return;
  copyPicture(firstThumb.querySelector('img'), thumb);
  // "Show image 1 of 3: <alt>" keeps its start and takes the new alt.
  const label = firstThumb.getAttribute('aria-label') ?? '';
  firstThumb.setAttribute('aria-label', label.slice(0, label.indexOf(': ') + 2) + view.alt);
  firstThumb.click();
}
