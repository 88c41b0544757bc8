import { createEarlyAnswers } from '../../../src/app/earlyAnswers';
import { BOOT_HOLD_MAX_MS, bootWhenNetworkBound } from '../../../src/app/bootHold';
import type { HttpRequest, HttpResponse } from '../../../src/ports/types';
import type { FetchedText } from '../../../src/shared/http';

const request = (path: string): HttpRequest => ({
  method: 'GET',
  url: `https://api.example/${path}`,
  timeoutMs: 1000,
});

/** Early answers whose requests the test answers itself, as the network would later. */
function heldNetwork() {
  const answers = new Map<string, () => void>();
  const early = createEarlyAnswers(
    (req) =>
      new Promise<HttpResponse>((resolve) =>
        answers.set(req.url, () => resolve({ status: 200, headers: {}, data: {} })),
      ),
    (url) =>
      new Promise<FetchedText>((resolve) => answers.set(url, () => resolve({ text: '', url }))),
  );
  const answer = (url: string) => answers.get(url)?.();
  return { early, answer };
}

describe("the player's boot, held for the early start's chain", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("runs right after the chain's next request has gone out, not while an answer is being handled", async () => {
    const { early, answer } = heldNetwork();
    const boot = jest.fn();
    // the catalog's episodes and content asked for, the player's code come: the chain's next step
    // is to come (the content's answer leads nowhere, and does not come in this test)
    const episodes = early.start(request('episodes'));
    void early.start(request('content'));
    bootWhenNetworkBound(early, true, boot);
    await jest.advanceTimersByTimeAsync(BOOT_HOLD_MAX_MS / 2);
    expect(boot).not.toHaveBeenCalled();
    // the answer leads to the master JSON: the boot goes once that has been asked for
    void episodes.then(() => early.start(request('film.json')));
    answer(request('episodes').url);
    await jest.advanceTimersByTimeAsync(1);
    expect(boot).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(BOOT_HOLD_MAX_MS);
    expect(boot).toHaveBeenCalledTimes(1); // once only
  });

  it('runs once no answer awaited leads to another request, and at once when nothing was asked', async () => {
    const { early, answer } = heldNetwork();
    const boot = jest.fn();
    early.startPlaylist('https://cdn.example/240p.m3u8').catch(() => undefined);
    bootWhenNetworkBound(early, true, boot);
    answer('https://cdn.example/240p.m3u8'); // its segments were not asked for (a live stream)
    await jest.advanceTimersByTimeAsync(1);
    expect(boot).toHaveBeenCalledTimes(1);
    const idle = jest.fn();
    bootWhenNetworkBound(heldNetwork().early, true, idle);
    await jest.advanceTimersByTimeAsync(1);
    expect(idle).toHaveBeenCalledTimes(1);
  });

  it('never waits longer than its limit, and not at all without autoplay or an early start', async () => {
    const { early } = heldNetwork();
    const boot = jest.fn();
    void early.start(request('episodes')); // an answer that does not come
    bootWhenNetworkBound(early, true, boot);
    await jest.advanceTimersByTimeAsync(BOOT_HOLD_MAX_MS - 1);
    expect(boot).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(boot).toHaveBeenCalledTimes(1);
    const withoutAutoplay = jest.fn();
    bootWhenNetworkBound(early, false, withoutAutoplay);
    expect(withoutAutoplay).toHaveBeenCalledTimes(1);
    const withoutEarlyStart = jest.fn();
    bootWhenNetworkBound(null, true, withoutEarlyStart);
    expect(withoutEarlyStart).toHaveBeenCalledTimes(1);
  });
});
