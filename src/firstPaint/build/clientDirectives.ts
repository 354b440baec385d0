import type { AstroIntegration } from 'astro';

/**
 * Registers `client:interaction` (on the shopper's first act: home and catalogue) and
 * `client:painted` (after the first frame: the account pages), which keep React off first paint.
 */
export function clientDirectives(): AstroIntegration {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: './src/firstPaint/browser/directives/interaction.ts',
        });
        addClientDirective({ name: 'painted', entrypoint: './src/firstPaint/browser/directives/painted.ts' });
      },
    },
  };
}
