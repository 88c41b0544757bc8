// The viewport port's browser adapter, on a jsdom <video>: the AirPlay receivers and casting devices
// within reach, as WebKit's availability event and the Remote Playback API tell them over time.
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
