// The viewport port's browser adapter, on a jsdom <video>: the AirPlay receivers and casting devices
// within reach, as WebKit's availability event and the Remote Playback API tell them over time; the
// share of the player in view, as an IntersectionObserver tells it.
import { createViewportPort } from '../../../src/ports/viewport';
import type { ViewportEvent } from '../../../src/ports/types';

beforeAll(() => {
  // jsdom has no media queries: the desktop layout
  window.matchMedia = ((query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** WebKit's element: an AirPlay picker, and the availability event it sends to its listeners. */
function webkitVideo() {
  const video = document.createElement('video');
  Object.assign(video, { webkitShowPlaybackTargetPicker: jest.fn() });
  const tell = (availability: 'available' | 'not-available') =>
    video.dispatchEvent(
      Object.assign(new Event('webkitplaybacktargetavailabilitychanged'), { availability }),
    );
  return { video, tell };
}

/**
 * An element with the Remote Playback API: `answer` is what watchAvailability's promise does (an id,
 * a refusal, or waiting until `giveId`); `tell` calls the callback it was given.
 */
function castingVideo(answer: 'id' | 'refuse' | 'later' = 'id') {
  const video = document.createElement('video');
  let callback: ((available: boolean) => void) | null = null;
  let resolveId: () => void = () => undefined;
  const remote = {
    prompt: jest.fn(async () => undefined),
    watchAvailability: jest.fn((cb: (available: boolean) => void) => {
      if (answer === 'refuse')
        return Promise.reject(new DOMException('disableRemotePlayback', 'NotSupportedError'));
      callback = cb;
      if (answer === 'id') return Promise.resolve(7);
      return new Promise<number>((resolve) => (resolveId = () => resolve(7)));
    }),
    cancelWatchAvailability: jest.fn(async (_id?: number) => undefined),
  };
  Object.defineProperty(video, 'remote', { value: remote });
  return {
    video,
    remote,
    tell: (available: boolean) => callback?.(available),
    giveId: () => resolveId(),
  };
}

function subscribe(video: HTMLVideoElement) {
  const port = createViewportPort(document.createElement('div'), video);
  const events: ViewportEvent[] = [];
  const stop = port.subscribe((e) => events.push(e));
  const targets = () => events.filter((e) => e.type === 'playbackTargets');
  const capabilities = () => events.find((e) => e.type === 'capabilities');
  return { events, stop, targets, capabilities };
}

describe('viewport port: AirPlay and casting devices within reach', () => {
  it('offers neither until the browser tells of a device', async () => {
    const { capabilities, targets } = subscribe(castingVideo().video);
    await flush();
    expect(capabilities()).toMatchObject({ airplay: false, remotePlayback: false });
    expect(targets()).toEqual([]);
  });

  it('tells an AirPlay receiver coming and going, each change once', async () => {
    const { video, tell } = webkitVideo();
    const { targets } = subscribe(video);
    await flush();
    tell('available');
    tell('available');
    tell('not-available');
    tell('not-available');
    expect(targets()).toEqual([
      { type: 'playbackTargets', kind: 'airplay', available: true },
      { type: 'playbackTargets', kind: 'airplay', available: false },
    ]);
  });

  it('tells a casting device as watchAvailability does, its first "none" being no change', async () => {
    const { video, remote, tell } = castingVideo();
    const { targets } = subscribe(video);
    await flush();
    expect(remote.watchAvailability).toHaveBeenCalledTimes(1);
    tell(false);
    tell(true);
    tell(false);
    expect(targets()).toEqual([
      { type: 'playbackTargets', kind: 'remote', available: true },
      { type: 'playbackTargets', kind: 'remote', available: false },
    ]);
  });

  it('reports at subscribe what the browser already told', async () => {
    const { video, tell } = castingVideo();
    const { capabilities } = subscribe(video);
    tell(true); // before the capabilities, which come just after subscribing
    await flush();
    expect(capabilities()).toMatchObject({ airplay: false, remotePlayback: true });
  });

  it('never offers casting where watchAvailability refuses (NotSupportedError), and has nothing to cancel', async () => {
    const { video, remote } = castingVideo('refuse');
    const { targets, capabilities, stop } = subscribe(video);
    await flush();
    expect(capabilities()).toMatchObject({ remotePlayback: false });
    stop();
    await flush();
    expect(targets()).toEqual([]);
    expect(remote.cancelWatchAvailability).not.toHaveBeenCalled();
  });

  it('on unsubscribing, stops listening for AirPlay and cancels the watch by its id', async () => {
    const webkit = webkitVideo();
    const airplay = subscribe(webkit.video);
    const casting = castingVideo();
    const cast = subscribe(casting.video);
    await flush();
    airplay.stop();
    cast.stop();
    await flush();
    webkit.tell('available');
    casting.tell(true);
    expect(airplay.targets()).toEqual([]);
    expect(cast.targets()).toEqual([]);
    expect(casting.remote.cancelWatchAvailability).toHaveBeenCalledWith(7);
  });

  it('cancels a watch whose id comes after unsubscribing', async () => {
    const { video, remote, giveId, tell } = castingVideo('later');
    const { stop, targets } = subscribe(video);
    stop();
    await flush();
    expect(remote.cancelWatchAvailability).not.toHaveBeenCalled();
    giveId();
    await flush();
    expect(remote.cancelWatchAvailability).toHaveBeenCalledWith(7);
    tell(true);
    expect(targets()).toEqual([]);
  });

  it('in Safari, whose Remote Playback API is AirPlay again, watches AirPlay only: one button', async () => {
    const { video, tell } = webkitVideo();
    const watchAvailability = jest.fn(async () => 1);
    Object.defineProperty(video, 'remote', { value: { watchAvailability, prompt: jest.fn() } });
    const { targets } = subscribe(video);
    await flush();
    tell('available');
    expect(watchAvailability).not.toHaveBeenCalled();
    expect(targets()).toEqual([{ type: 'playbackTargets', kind: 'airplay', available: true }]);
  });

  it('offers neither in a browser with neither, and unsubscribes cleanly', async () => {
    const { capabilities, targets, stop } = subscribe(document.createElement('video'));
    await flush();
    expect(capabilities()).toMatchObject({ airplay: false, remotePlayback: false });
    expect(() => stop()).not.toThrow();
    expect(targets()).toEqual([]);
  });
});

describe('viewport port: the share of the player in view', () => {
  /** An IntersectionObserver that reports the entries the test gives it, as a browser would. */
  function withObserver() {
    let report: ((entries: { intersectionRatio: number }[]) => void) | null = null;
    const observe = jest.fn();
    const disconnect = jest.fn();
    class FakeObserver {
      constructor(callback: (entries: { intersectionRatio: number }[]) => void) {
        report = callback;
      }
      observe = observe;
      disconnect = disconnect;
    }
    Object.defineProperty(window, 'IntersectionObserver', {
      value: FakeObserver,
      configurable: true,
      writable: true,
    });
    return { tell: (ratio: number) => report?.([{ intersectionRatio: ratio }]), observe, disconnect };
  }

  afterEach(() => {
    Reflect.deleteProperty(window, 'IntersectionObserver');
  });

  const intersections = (events: ViewportEvent[]) =>
    events.flatMap((e) => (e.type === 'intersection' ? [e.ratio] : []));

  it('reports whole hundredths rounded down: 49.7% never reads as the 50% of viewability', async () => {
    const { tell } = withObserver();
    const { events, stop } = subscribe(document.createElement('video'));
    for (const ratio of [1, 0.7512, 0.5099, 0.51, 0.497, 0.5, 0.29, 0]) tell(ratio);
    expect(intersections(events)).toEqual([1, 0.75, 0.5, 0.51, 0.49, 0.5, 0.29, 0]);
    stop();
  });

  it('measures visibility where the browser has an IntersectionObserver, and stops with it', () => {
    const { observe, disconnect } = withObserver();
    const player = document.createElement('div');
    const port = createViewportPort(player, document.createElement('video'));
    expect(port.measuresVisibility()).toBe(true);
    const stop = port.subscribe(() => undefined);
    expect(observe).toHaveBeenCalledWith(player);
    stop();
    expect(disconnect).toHaveBeenCalled();
  });

  it('says it cannot measure visibility without one, and reports no intersection', async () => {
    const port = createViewportPort(document.createElement('div'), document.createElement('video'));
    expect(port.measuresVisibility()).toBe(false);
    const events: ViewportEvent[] = [];
    const stop = port.subscribe((e) => events.push(e));
    await flush();
    expect(intersections(events)).toEqual([]);
    stop();
  });
});
