import { describe, expect, it } from 'vitest';
import { settingsBuiltFor } from '#src/server/http/build.ts';

const DEMO = { SITE_URL: 'https://shop.example', DEMO_MODE: 'on' };
const REAL = { SITE_URL: 'https://shop.example', SMS_ACCOUNT_SID: 'AC1' };

describe('a build served with the settings it was made for', () => {
  it('serves a build whose pages say what the settings do', () => {
    expect(settingsBuiltFor({ demoBanner: true }, DEMO)).toBeUndefined();
    expect(settingsBuiltFor({ demoBanner: false }, REAL)).toBeUndefined();
    expect(settingsBuiltFor({ demoBanner: true }, {})).toBeUndefined();
  });

  it('lets a demo build be served on this machine with an SMS provider', () => {
    expect(settingsBuiltFor({ demoBanner: true }, { SMS_ACCOUNT_SID: 'AC1' })).toBeUndefined();
  });

  it("refuses a demo build for a real shop, whose pages would give shoppers the demo's code", () => {
    expect(settingsBuiltFor({ demoBanner: true }, REAL)).toMatch(
      /^this build was made for a demo shop .* "Demo shop", which these settings are not/,
    );
  });

  it('refuses a demo shop whose pages were drawn without its banner', () => {
    expect(settingsBuiltFor({ demoBanner: false }, DEMO)).toMatch(/^these settings make a demo shop/);
    expect(settingsBuiltFor({ demoBanner: false }, { DEMO_MODE: 'on' })).toMatch(
      /^these settings make a demo shop/,
    );
    // The default on this machine is a demo shop too.
    expect(settingsBuiltFor({ demoBanner: false }, {})).toMatch(/^these settings make a demo shop/);
  });

  it('compares nothing for a build from before it recorded its settings', () => {
    expect(settingsBuiltFor(undefined, DEMO)).toBeUndefined();
    expect(settingsBuiltFor({ other: 1 }, REAL)).toBeUndefined();
  });
});
