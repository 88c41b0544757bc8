/** @jest-environment jsdom */
import { createMediaPort } from '../../../src/ports/media';

/** A <video> whose play() the test settles, as the browser would later; pause() at once. */
function videoWithPendingPlay() {
  const video = document.createElement('video');
  const plays: { resolve: () => void; reject: (error: Error) => void }[] = [];
  video.play = () =>
    new Promise<void>((resolve, reject) => {
      plays.push({ resolve, reject });
    });
  video.pause = () => undefined;
  const abort = () => new DOMException('The play() request was interrupted', 'AbortError');
  return { video, plays, abort };
}

describe('the media port: play', () => {
  it('tells a play that a pause cut short from one aborted otherwise (a reload)', async () => {
    const { video, plays, abort } = videoWithPendingPlay();
    const media = createMediaPort(video);
    // the viewer's pause while play() is under way: the browser aborts the play
    const cut = media.play();
    media.pause();
    plays[0]!.reject(abort());
    expect(await cut).toEqual({ ok: false, reason: 'paused' });
    // aborted with no pause (hls.js attaching the element afresh): aborted, to be made up for
    const reloaded = media.play();
    plays[1]!.reject(abort());
    expect(await reloaded).toEqual({ ok: false, reason: 'aborted' });
    // refused sound: told as such, and a play that went ahead stays played
    const refused = media.play();
    plays[2]!.reject(new DOMException('no gesture', 'NotAllowedError'));
    expect(await refused).toEqual({ ok: false, reason: 'not-allowed' });
    const played = media.play();
    media.pause();
    plays[3]!.resolve();
    expect(await played).toEqual({ ok: true });
  });
});
