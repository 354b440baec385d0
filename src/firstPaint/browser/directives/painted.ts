import type { ClientDirective } from 'astro';
import { recordPresses } from './presses.ts';

/**
 * `client:painted`: hydrate right after the page's first frame is on screen, so React's download
 * never competes with what that frame needs. For islands drawn from the shopper's storage, which
 * show a placeholder in their reserved room until then, and those the server draws whole (My
 * Orders): a button pressed before hydration is pressed again once it is done.
 */
const painted: ClientDirective = (load, _options, island) => {
  const presses = recordPresses(island);
  // A frame callback runs once rendering has started; the timeout then lands after that frame.
  requestAnimationFrame(() => {
    setTimeout(() => {
      void load()
        .then((run) => run())
        .then(() => presses.replay());
    }, 0);
  });
};

export default painted;
