import { createLoaderPort } from '../../../src/ports/loader';
import { parseXml } from '../../../src/vast/parseXml';

describe('the loader port', () => {
  it('loads the XML parser once, however often it is asked, and the VAST parser then reads XML', async () => {
    const loader = createLoaderPort();
    const first = loader.loadXmlParser();
    expect(loader.loadXmlParser()).toBe(first);
    await expect(first).resolves.toBe(true);
    expect(parseXml('<VAST version="4.3"><Ad id="1"/></VAST>')).toMatchObject({
      ok: true,
      root: { name: 'VAST', attrs: { version: '4.3' } },
    });
  });
});
