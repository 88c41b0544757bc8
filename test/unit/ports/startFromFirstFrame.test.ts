import {
  BUFFERED_GRACE_MS,
  GESTURE_MS,
  LONGEST_WAIT_MS,
  shouldWaitToStart,
  untilStartable,
  watchViewerInput,
} from '../../../src/ports/startFromFirstFrame';

/** A video element as far as the wait reads it: how ready it is, what it holds and has played. */
class FakeVideo extends EventTarget {
  readyState = 1; // HAVE_METADATA: the init segment is in, no frame yet
  bufferedRanges = 0;
  playedRanges = 0;
  get buffered() {
    return { length: this.bufferedRanges };
  }
  get played() {
    return { length: this.playedRanges };
  }
  canPlay() {
    this.readyState = 4;
    this.dispatchEvent(new Event('canplay'));
  }
}

const asVideo = (fake: FakeVideo) => fake as unknown as HTMLVideoElement;

/** resolves to whether the wait ended within `ms` of fake time */
async function endedWithin(wait: Promise<void>, ms: number) {
  let ended = false;
  void wait.then(() => {
    ended = true;
  });
  await jest.advanceTimersByTimeAsync(ms);
  return ended;
}

describe('the first play of a film waits until the element can play', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits on an autoplay before the first frame, not after it, nor once the element can play', () => {
    const video = new FakeVideo();
    const noInput = -Infinity;
    expect(shouldWaitToStart(asVideo(video), noInput)).toBe(true);
    video.readyState = 3;
    expect(shouldWaitToStart(asVideo(video), noInput)).toBe(false);
    video.readyState = 1;
    video.playedRanges = 1; // played before: a later play after a seek goes at once
    expect(shouldWaitToStart(asVideo(video), noInput)).toBe(false);
  });

  it("a play in the viewer's click or key goes at once (Safari allows sound only there); a second later it waits", async () => {
    const lastInputAt = watchViewerInput(document);
    const video = new FakeVideo();
    document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(shouldWaitToStart(asVideo(video), lastInputAt())).toBe(false);
    await jest.advanceTimersByTimeAsync(GESTURE_MS);
    expect(shouldWaitToStart(asVideo(video), lastInputAt())).toBe(true);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    expect(shouldWaitToStart(asVideo(video), lastInputAt())).toBe(false);
  });

  it('ends at canplay: the film starts from its first frame, with no seek over the gap', async () => {
    const video = new FakeVideo();
    const wait = untilStartable(asVideo(video), new AbortController().signal);
    video.bufferedRanges = 1; // the first segment is in, from 0.046 s
    expect(await endedWithin(wait, BUFFERED_GRACE_MS / 2)).toBe(false);
    video.canPlay();
    expect(await endedWithin(wait, 0)).toBe(true);
  });

  it('plays anyway when film is buffered but the browser will not start through the gap', async () => {
    const video = new FakeVideo();
    const wait = untilStartable(asVideo(video), new AbortController().signal);
    expect(await endedWithin(wait, 3000)).toBe(false); // nothing buffered yet: a slow link
    video.bufferedRanges = 1;
    expect(await endedWithin(wait, BUFFERED_GRACE_MS - 200)).toBe(false);
    expect(await endedWithin(wait, 300)).toBe(true);
  });

  it('plays anyway when nothing is buffered for long: the wait never holds a film back for good', async () => {
    const video = new FakeVideo();
    const wait = untilStartable(asVideo(video), new AbortController().signal);
    expect(await endedWithin(wait, LONGEST_WAIT_MS - 200)).toBe(false);
    expect(await endedWithin(wait, 300)).toBe(true);
  });

  it("a reload that empties the buffer (a recovery, a source switch) starts the grace again with the new load's data", async () => {
    const video = new FakeVideo();
    const wait = untilStartable(asVideo(video), new AbortController().signal);
    video.bufferedRanges = 1;
    expect(await endedWithin(wait, BUFFERED_GRACE_MS - 300)).toBe(false);
    video.bufferedRanges = 0; // the old load's film dropped
    expect(await endedWithin(wait, 500)).toBe(false);
    video.bufferedRanges = 1; // the new load's first segment
    expect(await endedWithin(wait, BUFFERED_GRACE_MS - 300)).toBe(false);
    expect(await endedWithin(wait, 400)).toBe(true);
  });

  it("ends at once when a pause or the stream actor's unload aborts it", async () => {
    const video = new FakeVideo();
    const controller = new AbortController();
    const wait = untilStartable(asVideo(video), controller.signal);
    controller.abort();
    expect(await endedWithin(wait, 0)).toBe(true);
  });
});
