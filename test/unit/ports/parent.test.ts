// The parent port's browser adapter: what of a message reaches the bridge, and what a flood does.
import { createParentPort, MESSAGES_PER_SECOND } from '../../../src/ports/parent';
import type { ParentMessage } from '../../../src/ports/types';

function post(data: unknown, origin = 'https://other.test') {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: null }));
}

describe('parent port', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("keeps another window's message content out (it would enter the flight log)", () => {
    const heard: ParentMessage[] = [];
    const stop = createParentPort().subscribe((m) => heard.push(m));
    post({ event: 'play', secret: 'viewer-123' });
    stop();
    post('after unsubscribing');
    expect(heard).toEqual([{ data: null, origin: 'https://other.test', fromParent: false }]);
  });

  it('lets a flood through only up to its budget a second, and counts the rest with the next message', () => {
    const heard: ParentMessage[] = [];
    const stop = createParentPort().subscribe((m) => heard.push(m));
    jest.advanceTimersByTime(1000); // at the start of a second
    for (let i = 0; i < 10 * MESSAGES_PER_SECOND; i++) post({ n: i });
    expect(heard).toHaveLength(MESSAGES_PER_SECOND);
    expect(heard.every((m) => m.dropped === undefined)).toBe(true);

    jest.advanceTimersByTime(1000);
    post({ n: 'next second' });
    expect(heard).toHaveLength(MESSAGES_PER_SECOND + 1);
    expect(heard.at(-1)?.dropped).toBe(9 * MESSAGES_PER_SECOND);
    post({ n: 'and the one after' });
    expect(heard.at(-1)?.dropped).toBeUndefined();
    stop();
  });
});
