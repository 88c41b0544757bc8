// The QA kit (src/qa, the kino-player-qa package) against the demo: its controls by role and name
// change what they say, and it finds the player in a host page's frame and in the embed page.
import { attachPlayer, demoServer } from '../../src/qa';
import { demoUrl, openPage, openPlayers, useBrowser } from './browser';

describe('the QA kit', () => {
  const browser = useBrowser();

  it('plays, sets the volume, mutes, seeks, pauses and picks a rate and a quality by the controls', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=1'));
    const player = await attachPlayer(page);
    openPlayers.add(player.frame);
    // the host page starts the film (auto_play unless told)
    await player.waitForState((s) => !s.media.paused, undefined, { timeout: 20_000 });
    await player.pause();
    await player.play({ timeout: 20_000 });
    await player.setVolume(0.5);
    await player.mute();
    await player.unmute();
    await player.seek(20, { timeout: 20_000 });
    await player.pause();
    const rate = player.waitForAction('stream/rateRequested');
    await player.chooseRate('1.5x');
    expect((await rate).payload).toEqual({ rate: 1.5 });
    await player.waitForState((s) => s.stream.rate === 1.5);
    const quality = player.waitForAction('stream/qualityRequested');
    await player.chooseQuality('360p');
    expect((await quality).payload).toMatchObject({ level: expect.any(Number) });
    const state = await player.state();
    expect(state.media.volume).toBeCloseTo(0.5, 1);
    expect(state.media.paused).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);

  it('finds the embed page’s own player and reads its requests from the demo server', async () => {
    const demo = demoServer(demoUrl(''));
    await demo.clearRequests();
    const { page } = await openPage(browser());
    await page.goto(demo.page('/index.html?movie_id=1'));
    const player = await attachPlayer(page);
    openPlayers.add(player.frame);
    expect(player.frame).toBe(page.mainFrame());
    await player.waitForState((s) => s.content.content !== null, undefined, { timeout: 20_000 });
    expect((await demo.requests()).some((r) => r.path.startsWith('/catalog-api/'))).toBe(true);
  }, 60_000);
});
