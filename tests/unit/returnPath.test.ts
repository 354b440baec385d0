import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPath } from '#src/lib/returnPath.ts';

describe('the place to return to after sign-in', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeReturnPath('/checkout')).toBe('/checkout');
    expect(safeReturnPath('/products/sumac?pack=50%20g#details')).toBe('/products/sumac?pack=50%20g#details');
    expect(safeReturnPath('/a/../checkout')).toBe('/checkout');
    expect(safeReturnPath('/products/sumac%2Fground')).toBe('/products/sumac%2Fground');
    expect(safeReturnPath('/search?q=100%25')).toBe('/search?q=100%25');
    expect(safeReturnPath('/search?q=%2F%2Fnot-a-host')).toBe('/search?q=%2F%2Fnot-a-host');
  });

  it.each([
    'https://evil.example/checkout',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%0d%0a//evil.example'.replace('%0d%0a', '\r\n'),
    'javascript:alert(1)',
    '/.//evil.example',
    '/./\\evil.example',
    '/a/..//evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5Cevil.example',
    '/%5C%5Cevil.example',
    '/.%2F/evil.example',
    '/%2e%2e//evil.example',
    '/%252F%252Fevil.example',
    '/%0d%0a//evil.example',
    '/%E0%A4%A',
    ' /checkout',
    'checkout',
    '',
    null,
    undefined,
  ])('ignores %j and answers home', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it('builds the sign-in link, leaving out a return home or off-site', () => {
    expect(signInPath('/checkout')).toBe('/auth?next=%2Fcheckout');
    expect(signInPath('/')).toBe('/auth');
    expect(signInPath('https://evil.example')).toBe('/auth');
  });
});
