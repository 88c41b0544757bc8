import { demoUrl, keepAsGolden, openPage, playerFrame, screenshot, useBrowser } from './browser';

describe('the demo host page', () => {
  const browser = useBrowser();

  it('plays the film through hls.js in the embedded player', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/host.html'));
    const frame = await playerFrame(page);
    keepAsGolden(frame, 'film-plays');

    await frame.waitForFunction(
      () => {
        const video = document.querySelector('video')!;
        return video.currentTime > 3 && video.getVideoPlaybackQuality().totalVideoFrames > 0;
      },
      { timeout: 20_000 },
    );
    const seen = await frame.evaluate(() => {
      const video = document.querySelector('video')!;
      return {
        currentSrc: video.currentSrc,
        frames: video.getVideoPlaybackQuality().totalVideoFrames,
        engine: window.__player!.getState().stream.engine,
        title: document.querySelector('[data-testid="title-overlay"] h1')?.textContent,
      };
    });
    // MediaSource gives hls.js away: the browser's own HLS would play the .m3u8 address itself.
    expect(seen.currentSrc).toMatch(/^blob:/);
    expect(seen.engine).toBe('hls.js');
    expect(seen.frames).toBeGreaterThan(0);
    expect(seen.title).toBe('Демонстрационный фильм');

    const hostLog = await page.$$eval('#messages li', (items) =>
      items.map((li) => li.getAttribute('data-event')),
    );
    expect(hostLog).toEqual(expect.arrayContaining(['ready', 'episodeChanged', 'play']));

    await screenshot(page, 'host-page-playing');
    expect(errors).toEqual([]);
  });
});
