import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DemoBanner from '#src/components/DemoBanner.astro';

describe('the demo shop banner', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  // typescript-eslint cannot read .astro modules (astro check types them).
  // eslint-disable-next-line @typescript-eslint/no-unsafe-argument
  const render = async () => (await AstroContainer.create()).renderToString(DemoBanner);

  it('says "Demo shop" on a public shop that chose demo mode', async () => {
    vi.stubEnv('SITE_URL', 'https://shop.example');
    vi.stubEnv('DEMO_MODE', 'on');
    expect(await render()).toContain('Demo shop');
  });

  it('says so on this machine too when demo mode is chosen, and where its code works', async () => {
    vi.stubEnv('DEMO_MODE', 'on');
    expect(await render()).toContain(
      "Demo shop: orders are not fulfilled, and sign-in works only on the shop's own machine",
    );
  });

  it("is there on this machine by default, the shop's own demo", async () => {
    vi.stubEnv('SITE_URL', 'http://localhost:4321');
    expect(await render()).toContain('Demo shop');
  });

  it('is not there on a shop with an SMS provider', async () => {
    vi.stubEnv('SMS_ACCOUNT_SID', 'AC1');
    expect(await render()).not.toContain('Demo shop');
    vi.stubEnv('SITE_URL', 'https://shop.example');
    vi.stubEnv('SMS_ACCOUNT_SID', 'AC1');
    expect(await render()).not.toContain('Demo shop');
  });
});
