// The page inside the VPAID sandbox (public/vpaid.html): loads the creative's script, checks
// handshakeVersion('2.0'), runs initAd with a slot and a video slot of its own, and relays the
// creative's events and the player's commands by postMessage. The page is the player's own file,
// framed with scripts but no same-origin: the creative runs in an opaque origin, cannot reach the
// player, and is outside the player page's Content-Security-Policy (docs/security.md).

/** What the frame asks of a VPAID 2.0 creative's ad object. */
interface VpaidAd {
  handshakeVersion(version: string): unknown;
  subscribe(callback: (...args: unknown[]) => void, event: string, context: null): void;
  initAd(
    width: number,
    height: number,
    viewMode: string,
    bitrate: number,
    creativeData: { AdParameters: string },
    environmentVars: {
      slot: Element | null;
      videoSlot: Element | null;
      videoSlotCanAutoPlay: boolean;
    },
  ): void;
  startAd(): void;
  pauseAd(): void;
  resumeAd(): void;
  skipAd(): void;
  stopAd(): void;
  setAdVolume(volume: number): void;
  getAdVolume(): unknown;
  getAdSkippableState(): unknown;
  getAdRemainingTime(): unknown;
  getAdDuration(): unknown;
}

// a script, not a module (a module would need CORS from the opaque origin): every name kept inside,
// where no creative's own global can meet it
(() => {
  const METHODS = [
    'handshakeVersion',
    'subscribe',
    'initAd',
    'startAd',
    'pauseAd',
    'resumeAd',
    'skipAd',
    'stopAd',
    'setAdVolume',
    'getAdVolume',
    'getAdSkippableState',
    'getAdRemainingTime',
    'getAdDuration',
  ] as const;

  /** One method of the creative's object, if it has it. */
  const methodOf = (value: unknown, name: string): ((...args: unknown[]) => unknown) | null => {
    const method: unknown =
      typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined;
    return typeof method === 'function' ? (...args) => Reflect.apply(method, value, args) : null;
  };

  /** The creative's object has every method the frame calls (a script of ours cannot import). */
  const isVpaidAd = (value: unknown): value is VpaidAd =>
    METHODS.every((name) => methodOf(value, name) !== null);

  const EVENTS = [
    'AdLoaded',
    'AdStarted',
    'AdImpression',
    'AdVideoStart',
    'AdVideoFirstQuartile',
    'AdVideoMidpoint',
    'AdVideoThirdQuartile',
    'AdVideoComplete',
    'AdPaused',
    'AdPlaying',
    'AdSkipped',
    'AdStopped',
    'AdUserClose',
    'AdVolumeChange',
    'AdClickThru',
    'AdSkippableStateChange',
    'AdError',
  ];

  const parentWindow = window.parent;
  const slot = document.getElementById('slot');
  const videoSlot = document.getElementById('video-slot');
  let ad: VpaidAd | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;

  // an opaque origin has no name to address: the player checks the message's source instead
  const post = (event: Record<string, unknown>) =>
    parentWindow.postMessage({ vpaid: 1, event }, '*');
  const fail = (error: unknown) =>
    post({ type: 'AdError', message: (error instanceof Error && error.message) || String(error) });

  function sampleTime() {
    try {
      if (ad)
        post({
          type: 'AdRemainingTimeChange',
          remaining: Number(ad.getAdRemainingTime()),
          duration: Number(ad.getAdDuration()),
        });
    } catch {
      // a creative that cannot tell its time: the player's own clock goes on
    }
  }

  function relay(name: string) {
    return (a?: unknown, _b?: unknown, playerHandles?: unknown) => {
      if (!ad) return;
      if (name === 'AdError') post({ type: name, message: String(a || 'VPAID error') });
      else if (name === 'AdVolumeChange') post({ type: name, volume: Number(ad.getAdVolume()) });
      else if (name === 'AdSkippableStateChange')
        post({ type: name, skippable: Boolean(ad.getAdSkippableState()) });
      else if (name === 'AdClickThru') {
        const url = typeof a === 'string' && /^https?:\/\//i.test(a) ? a : null;
        if (playerHandles && url) window.open(url, '_blank', 'noopener');
        post({ type: name, url });
      } else post({ type: name });
      if (name === 'AdStarted' && !timer) timer = setInterval(sampleTime, 250);
      if (name === 'AdStopped' || name === 'AdSkipped' || name === 'AdError') clearInterval(timer);
    };
  }

  function load(url: string, adParameters: string) {
    const tag = document.createElement('script');
    tag.src = url;
    tag.onerror = () => fail('The VPAID script did not load');
    tag.onload = () => {
      try {
        const getVPAIDAd: unknown = Reflect.get(window, 'getVPAIDAd');
        if (typeof getVPAIDAd !== 'function') throw new Error('No getVPAIDAd() in the script');
        const created: unknown = getVPAIDAd();
        const handshake = methodOf(created, 'handshakeVersion');
        if (!handshake) throw new Error('No handshakeVersion() on the VPAID ad');
        const version = String(handshake('2.0'));
        if (version.split('.')[0] !== '2') throw new Error(`VPAID version ${version} is not 2.x`);
        if (!isVpaidAd(created)) {
          const missing = METHODS.filter((name) => !methodOf(created, name));
          throw new Error(`The VPAID ad has no ${missing.join(', ')}`);
        }
        ad = created;
        for (const name of EVENTS) created.subscribe(relay(name), name, null);
        created.initAd(
          innerWidth,
          innerHeight,
          'normal',
          -1,
          { AdParameters: adParameters },
          { slot, videoSlot, videoSlotCanAutoPlay: true },
        );
      } catch (error) {
        fail(error);
      }
    };
    document.head.appendChild(tag);
  }

  const COMMANDS: Record<string, (ad: VpaidAd, volume: number) => void> = {
    start: (a) => a.startAd(),
    pause: (a) => a.pauseAd(),
    resume: (a) => a.resumeAd(),
    skip: (a) => a.skipAd(),
    stop: (a) => a.stopAd(),
    volume: (a, volume) => a.setAdVolume(volume),
  };

  window.addEventListener('message', (message) => {
    if (message.source !== parentWindow) return;
    const command: unknown = message.data;
    if (typeof command !== 'object' || command === null) return;
    const field = (name: string): unknown => Reflect.get(command, name);
    const cmd = field('cmd');
    if (cmd === 'load') return load(String(field('url')), String(field('adParameters')));
    const run = typeof cmd === 'string' ? COMMANDS[cmd] : undefined;
    if (!ad || !run) return;
    try {
      run(ad, Number(field('volume')));
    } catch (error) {
      fail(error);
    }
  });
})();
