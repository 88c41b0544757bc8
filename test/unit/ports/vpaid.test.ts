import type { VpaidEvent } from '../../../src/ports/types';

/** The VPAID port on a fresh module registry, its frame's script as `bootstrap` gives it. */
async function portWith(bootstrap: () => { VPAID_BOOTSTRAP: string }) {
  jest.resetModules();
  jest.doMock('../../../src/ports/vpaidBootstrap', bootstrap);
  const { createVpaidPort } = await import('../../../src/ports/vpaid');
  document.body.innerHTML = '<div id="player"><div id="ui"></div></div>';
  const player = document.getElementById('player')!;
  const port = createVpaidPort(player, document.getElementById('ui'));
  const heard: VpaidEvent[] = [];
  port.subscribe((event) => heard.push(event));
  return { port, player, heard };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const frames = (player: HTMLElement) => player.querySelectorAll('iframe.vpaid-frame');

describe('the VPAID port, its frame’s script loaded with the first VPAID advert', () => {
  it('lays the sandboxed frame under the controls once its script has come', async () => {
    const { port, player, heard } = await portWith(() => ({
      VPAID_BOOTSTRAP: '<script>1</script>',
    }));
    port.load('https://ads.test/creative.js', '{}');
    await settled();
    const frame = frames(player)[0] as HTMLIFrameElement;
    expect(frame.srcdoc).toBe('<script>1</script>');
    expect(frame.getAttribute('sandbox')).toBe(
      'allow-scripts allow-popups allow-popups-to-escape-sandbox',
    );
    expect(frame.nextElementSibling?.id).toBe('ui');
    expect(heard).toEqual([]);
  });

  it('makes no frame for a creative unloaded, or replaced, while the script was coming', async () => {
    const { port, player } = await portWith(() => ({ VPAID_BOOTSTRAP: '<script>1</script>' }));
    port.load('https://ads.test/first.js', '{}');
    port.unload();
    await settled();
    expect(frames(player)).toHaveLength(0);
    port.load('https://ads.test/second.js', '{}');
    port.load('https://ads.test/third.js', '{}');
    await settled();
    expect(frames(player)).toHaveLength(1);
  });

  it('fails the creative with AdError when the script cannot come', async () => {
    const { port, player, heard } = await portWith(() => {
      throw new Error('chunk failed to load');
    });
    port.load('https://ads.test/creative.js', '{}');
    await settled();
    expect(frames(player)).toHaveLength(0);
    expect(heard).toEqual([{ type: 'AdError', message: 'The VPAID frame could not be loaded' }]);
  });
});
