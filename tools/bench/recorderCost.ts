// The flight recorder's share of the player's main-thread scripting time during steady playback,
// in Chromium on the demo film: the recorder's own time (it measures itself) over the page's
// ScriptDuration from the DevTools protocol, over the same window. The page is cross-origin isolated,
// so performance.now() has the fine resolution the recorder's self-measurement needs.
import puppeteer from 'puppeteer-core';
import { CHROMIUM_PATH, chromiumArgs } from '../chromium';

const WINDOW_FROM_S = 2;
const WINDOW_TO_S = 21; // the demo film is 24 s long

export async function measureRecorderCost(baseUrl: string) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 720 });
    const cdp = await page.createCDPSession();
    await cdp.send('Performance.enable');
    await page.goto(`${baseUrl}/?movie_id=1&auto_play=1`);
    const at = (s: number) =>
      page.waitForFunction(
        (t) => (document.querySelector('video')?.currentTime ?? 0) >= t,
        { timeout: 60_000 },
        s,
      );
    const sample = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const script = metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
      const stats = await page.evaluate(
        () => window.__player?.recorderStats() ?? { selfTimeMs: NaN, entries: NaN },
      );
      return { scriptMs: script * 1000, recorderMs: stats.selfTimeMs, entries: stats.entries };
    };
    if (!(await page.evaluate(() => crossOriginIsolated)))
      throw new Error('The page is not cross-origin isolated: timers too coarse');
    await at(WINDOW_FROM_S);
    const before = await sample();
    await at(WINDOW_TO_S);
    const after = await sample();
    return {
      pct: (100 * (after.recorderMs - before.recorderMs)) / (after.scriptMs - before.scriptMs),
      scriptMs: after.scriptMs - before.scriptMs,
      recorderMs: after.recorderMs - before.recorderMs,
      entries: after.entries - before.entries,
    };
  } finally {
    await browser.close();
  }
}
