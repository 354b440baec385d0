import { describe, expect, it } from 'vitest';
import { HOME_COUNTRY, regionLabels, SHIPPING_COUNTRIES } from '#src/lib/countries.ts';

describe('countries the shop delivers to', () => {
  it('starts with the shop’s own country, then lists over 50 without repeats', () => {
    expect(HOME_COUNTRY).toBe('United States');
    expect(SHIPPING_COUNTRIES[0]).toBe(HOME_COUNTRY);
    expect(SHIPPING_COUNTRIES.length).toBeGreaterThan(50);
    expect(new Set(SHIPPING_COUNTRIES).size).toBe(SHIPPING_COUNTRIES.length);
    const rest = SHIPPING_COUNTRIES.slice(1);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('keeps the spec’s labels of each form at home', () => {
    expect(regionLabels(HOME_COUNTRY, 'checkout')).toEqual({ state: 'State', zip: 'ZIP Code' });
    expect(regionLabels(HOME_COUNTRY, 'profile')).toEqual({
      state: 'State/Province',
      zip: 'ZIP/Postal Code',
    });
  });

  it('names regions and postal codes as other countries do, alike in both forms', () => {
    for (const form of ['checkout', 'profile'] as const) {
      expect(regionLabels('Canada', form)).toEqual({ state: 'Province', zip: 'Postal Code' });
      expect(regionLabels('United Kingdom', form)).toEqual({ state: 'County', zip: 'Postcode' });
      expect(regionLabels('India', form)).toEqual({ state: 'State', zip: 'PIN Code' });
      expect(regionLabels('Germany', form)).toEqual({ state: 'Region', zip: 'Postal Code' });
    }
  });
});
