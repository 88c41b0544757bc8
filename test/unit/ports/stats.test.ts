// The statistics port calls the page's global statistics function (SPEC.md section 7). The global is
// the page's, not the player's: whatever stands under its name, only a function is ever called.
import { createStatsPort } from '../../../src/ports/stats';
import { STATISTICS_FUNCTION } from '../../../src/shared/protocol';

const PAYLOAD = { movie_id: 1 };

afterEach(() => {
  Reflect.deleteProperty(window, STATISTICS_FUNCTION);
});

describe('the statistics port', () => {
  it('calls the page’s statistics function with the event and its payload', () => {
    const statistics = jest.fn();
    Reflect.set(window, STATISTICS_FUNCTION, statistics);
    expect(createStatsPort().send('videoplayer_play', PAYLOAD)).toBe(true);
    expect(statistics).toHaveBeenCalledWith('videoplayer_play', PAYLOAD);
  });

  it('reports nothing sent when the page has no function under that name, and never throws', () => {
    const port = createStatsPort();
    expect(port.send('videoplayer_play', PAYLOAD)).toBe(false);
    for (const value of [null, 'videoplayerStatistics', 42, { send: jest.fn() }, [jest.fn()]]) {
      Reflect.set(window, STATISTICS_FUNCTION, value);
      expect(() => port.send('videoplayer_play', PAYLOAD)).not.toThrow();
      expect(port.send('videoplayer_play', PAYLOAD)).toBe(false);
    }
  });

  it('reports a statistics function that throws as not sent, without passing the failure on', () => {
    Reflect.set(window, STATISTICS_FUNCTION, () => {
      throw new Error('statistics script broken');
    });
    expect(createStatsPort().send('videoplayer_play', PAYLOAD)).toBe(false);
  });
});
