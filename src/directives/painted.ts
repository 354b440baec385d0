import type { ClientDirective } from 'astro';

/**
 * `client:painted`: hydrate right after the page's first frame is on screen, so React's download
 * never competes with what that frame needs. For islands drawn from the shopper's storage, which
 * show a placeholder in their reserved room until then.
 */
const painted: ClientDirective = (load) => {
  // A frame callback runs once rendering has started; the timeout then lands after that frame.
  requestAnimationFrame(() => {
    setTimeout(() => {
      void load().then((run) => run());
    }, 0);
  });
};

export default painted;
