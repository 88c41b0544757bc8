import { createLoaderPort } from '../../../src/ports/loader';

describe('the loader port', () => {
  it('loads the VAST reader once, however often it is asked, and the reader then reads VAST', async () => {
    // a module registry of its own: the tests' setup has the reader there at once
    await jest.isolateModulesAsync(async () => {
      const { createLoaderPort } = await import('../../../src/ports/loader');
      const { vastReader } = await import('../../../src/vast/vastReader');
      expect(() => vastReader()).toThrow(/not loaded/);
      const loader = createLoaderPort(() => undefined);
      const first = loader.loadXmlParser();
      expect(loader.loadXmlParser()).toBe(first);
      await expect(first).resolves.toBe(true);
      const doc = vastReader().parseVastDocument(
        '<VAST version="4.3"><Ad id="1"><InLine><AdTitle>Реклама</AdTitle></InLine></Ad></VAST>',
        'https://ads.test/vast.xml',
      );
      // read and judged: an ad with nothing to play is VAST's 201
      expect(doc).toMatchObject({ kind: 'failure', failure: { code: 201 } });
    });
  });
});

describe('the loader port: the SIMID code', () => {
  it('loads once, and hands the page the adapter factory of the creative’s frame', async () => {
    const made: HTMLElement[] = [];
    const loader = createLoaderPort((createSimidPort) => {
      const player = document.createElement('div');
      createSimidPort(player, null).load('https://simid.test/creative.html');
      made.push(player);
    });
    const first = loader.loadSimid();
    expect(loader.loadSimid()).toBe(first);
    await expect(first).resolves.toBe(true);
    // once there, asked again it answers in the same turn: a play click's actor does not wait a turn
    expect(loader.loadSimid()).toBe(true);
    expect(made).toHaveLength(1);
    expect(made[0]!.querySelector('iframe.simid-frame')?.getAttribute('sandbox')).toBe(
      'allow-scripts',
    );
  });
});
