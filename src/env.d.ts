import type { DrawingTable } from '#src/build/productDrawings.ts';
import type { CatalogueItem } from '#src/lib/catalogueIndex.ts';
import type { Identity, SignedIn } from './server/identity/index.ts';
import type { Payments } from './server/payments/settings.ts';
import type { Store } from './server/store/types.ts';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate on the first scroll, tap, key or focus (see src/firstPaint/browser/directives/interaction.ts);
     * `{ replayClicks: true }` also presses again the buttons pressed before hydration.
     */
    'client:interaction'?: boolean | { replayClicks: true };
    /**
     * Hydrate right after the first frame is on screen (see
     * src/firstPaint/browser/directives/painted.ts).
     */
    'client:painted'?: boolean;
  }
}

declare global {
  namespace App {
    interface Locals {
      /** The database, opened by the server process (src/server/http/serve.ts) and handed in. */
      store: Store;
      /** How this process signs shoppers in (settings and SMS sender), made once at start. */
      identity: Identity;
      /** The ways to pay this process offers, and their providers, made once at start. */
      payments: Payments;
      /** The request's signed-in shopper, looked up on first call (set by src/middleware.ts). */
      session: () => Promise<SignedIn | undefined>;
      /** Every product's card as the build drew it (src/pages/build-tables/), read once by the server process. */
      catalogue?: CatalogueItem[] | undefined;
      /** Every product picture as the build drew it, read once by the server process. */
      drawnPictures?: DrawingTable | undefined;
      /** The paths of Astro's island scripts the build wrote to files (none in development). */
      islandScripts?: ReadonlySet<string> | undefined;
      /** The client's address as the server process read it (see src/server/api/client.ts). */
      clientAddress?: string | undefined;
      /** The shopper reached the server process over HTTPS: its own TLS or a trusted proxy's. */
      overHttps?: boolean | undefined;
      /** The connection's own address, before any proxy's headers (see src/server/identity/local.ts). */
      peerAddress?: string | undefined;
      /** The connection came from a trusted proxy (`TRUST_PROXY`). */
      viaProxy?: boolean | undefined;
    }
  }
}

export {};
