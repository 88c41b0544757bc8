// The interface's bundle is fetched when the viewer needs it, never on the way to the first frame of
// a film that starts by itself.
import { viewWanted } from '../../../src/app/viewWanted';
import { rootReducer, type PlayerState } from '../../../src/state';

const initial = rootReducer(undefined, { type: '@@init' });
const booted: PlayerState = {
  ...initial,
  system: { ...initial.system, boot: 'ready' },
  resume: { ...initial.resume, autoplay: true },
};

/** the film after its first frame, playing, with nothing buffered ahead yet */
const playing = { ...initial.media, started: true, paused: false, duration: 3600 };

describe('when the interface is wanted', () => {
  it('not while a film that starts by itself is on its way to its first frame', () => {
    expect(viewWanted(initial, true)).toBe(false);
    expect(viewWanted(booted, true)).toBe(false);
  });

  it('not while the film plays with less than 6 s ahead, or waits for data: its next segment has the link', () => {
    const short = { ...playing, currentTime: 1, bufferedEnd: 5 };
    expect(viewWanted({ ...booted, media: short }, true)).toBe(false);
    expect(viewWanted({ ...booted, media: { ...short, buffering: true } }, true)).toBe(false);
  });

  it.each<[string, PlayerState, boolean]>([
    ['without autoplay, from the start (its play button)', initial, false],
    [
      'once the film plays with 6 s buffered ahead (its controls)',
      { ...booted, media: { ...playing, currentTime: 1, bufferedEnd: 9 } },
      true,
    ],
    [
      'once the film is paused, however little is buffered',
      { ...booted, media: { ...playing, paused: true } },
      true,
    ],
    [
      'when the continue prompt waits for the viewer',
      {
        ...booted,
        resume: { ...initial.resume, savedTime: 90, promptVisible: true, autoplay: false },
      },
      true,
    ],
    [
      'when the browser blocked autoplay',
      { ...booted, media: { ...booted.media, autoplayBlocked: true } },
      true,
    ],
    [
      'for a boot message',
      {
        ...initial,
        system: {
          ...initial.system,
          boot: 'failed',
          failure: { reason: 'not-found', errorId: null, address: null, detail: '' },
        },
      },
      true,
    ],
    [
      'for an advert',
      {
        ...booted,
        ads: { ...booted.ads, activeBreak: { kind: 'preroll', total: 1, contentTime: 0 } },
      },
      true,
    ],
  ])('%s', (_name, state, autoPlay) => {
    expect(viewWanted(state, autoPlay)).toBe(true);
  });
});
