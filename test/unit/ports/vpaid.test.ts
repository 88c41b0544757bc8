import type { VpaidEvent } from '../../../src/ports/types';
import { createVpaidPort } from '../../../src/ports/vpaid';

function port() {
  document.body.innerHTML = '<div id="player"><div id="ui"></div></div>';
  const player = document.getElementById('player')!;
  const vpaid = createVpaidPort(player, document.getElementById('ui'));
  const heard: VpaidEvent[] = [];
  vpaid.subscribe((event) => heard.push(event));
  return { vpaid, player, heard };
}

const frames = (player: HTMLElement) =>
  [...player.querySelectorAll('iframe.vpaid-frame')] as HTMLIFrameElement[];

describe('the VPAID port, its creative in a sandboxed frame of the player’s own page', () => {
  it('lays the frame under the controls, sandboxed, its page beside the player’s (not a srcdoc under the player’s policy)', () => {
    const { vpaid, player, heard } = port();
    vpaid.load('https://ads.test/creative.js', '{}');
    const [frame] = frames(player);
    expect(frame!.src).toBe(new URL('vpaid.html', document.baseURI).href);
    expect(frame!.srcdoc).toBe('');
    expect(frame!.getAttribute('sandbox')).toBe(
      'allow-scripts allow-popups allow-popups-to-escape-sandbox',
    );
    expect(frame!.nextElementSibling?.id).toBe('ui');
    expect(heard).toEqual([]);
  });

  it('keeps one frame: another creative replaces it, an unload removes it', () => {
    const { vpaid, player } = port();
    vpaid.load('https://ads.test/first.js', '{}');
    vpaid.load('https://ads.test/second.js', '{}');
    expect(frames(player)).toHaveLength(1);
    vpaid.unload();
    expect(frames(player)).toHaveLength(0);
  });

  it('hears only its own frame, and only known events with fields of the right kind', () => {
    const { vpaid, player, heard } = port();
    vpaid.load('https://ads.test/creative.js', '{}');
    const source = frames(player)[0]!.contentWindow;
    const send = (data: unknown, from: MessageEventSource | null = source) =>
      window.dispatchEvent(new MessageEvent('message', { data, source: from }));
    send({ vpaid: 1, event: { type: 'AdStarted' } });
    send({ vpaid: 1, event: { type: 'AdVolumeChange', volume: 7 } });
    send({ vpaid: 1, event: { type: 'NotAnEvent' } });
    send({ vpaid: 1, event: { type: 'AdStarted' } }, window); // not the creative's frame
    expect(heard).toEqual([{ type: 'AdStarted' }, { type: 'AdVolumeChange', volume: 1 }]);
  });
});
