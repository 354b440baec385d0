declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first scroll, tap, key or focus (see src/directives/interaction.ts). */
    'client:interaction'?: boolean;
  }
}

export {};
