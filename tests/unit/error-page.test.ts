import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import ErrorPage from '../../src/pages/500.astro';

describe('the server error page', () => {
  it('reads Unexpected Application Error! with the error message and no stack trace', async () => {
    const container = await AstroContainer.create();
    const error = new Error('Database exploded <b>badly</b>');
    const html = await container.renderToString(ErrorPage, { props: { error } });
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('Database exploded &lt;b&gt;badly&lt;/b&gt;');
    expect(html).not.toContain('at ');
    expect(html).not.toContain(String(error.stack).split('\n')[1]?.trim());
  });
});
