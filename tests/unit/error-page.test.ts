import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import ErrorPage from '#src/pages/500.astro';

describe('the server error page', () => {
  it('reads Unexpected Application Error! with the error message and no stack trace', async () => {
    const container = await AstroContainer.create();
    const error = new Error('Database exploded <b>badly</b>');
    // typescript-eslint cannot read .astro modules (astro check types them).
    // eslint-disable-next-line @typescript-eslint/no-unsafe-argument
    const html = await container.renderToString(ErrorPage, { props: { error } });
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('Database exploded &lt;b&gt;badly&lt;/b&gt;');
    const frames = String(error.stack)
      .split('\n')
      .slice(1)
      .map((frame) => frame.trim());
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames)
      expect(html).not.toContain(frame.replaceAll('<', '&lt;').replaceAll('>', '&gt;'));
  });
});
