// Steady playback of the benchmark's long film in Chromium, for the player and for the bare hls.js page:
// main-thread scripting time (the DevTools protocol's ScriptDuration), React commits (through the
// hook React reports commits to) and the flight recorder's own time, over the same window.
import puppeteer from 'puppeteer-core';
import { CHROMIUM_PATH, chromiumArgs } from '../chromium';

export const WINDOW_FROM_S = 2;
// up to a minute of the benchmark's 70.1 s film, the last look a poll (a second) before its end
export const WINDOW_TO_S = 68;

export interface SteadyPlayback {
  seconds: number;
  scriptMs: number;
  recorderMs: number;
  commits: number;
}

const COUNT_REACT_COMMITS = `
  window.__benchCommits = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    inject() { return 1; }, checkDCE() {}, onScheduleFiberRoot() {},
    onCommitFiberRoot() { window.__benchCommits += 1; }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
  };`;

export async function measureSteadyPlayback(url: string): Promise<SteadyPlayback> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 720 });
    await page.evaluateOnNewDocument(COUNT_REACT_COMMITS);
    const cdp = await page.createCDPSession();
    await cdp.send('Performance.enable');
    await page.goto(url);
    if (!(await page.evaluate(() => crossOriginIsolated)))
      throw new Error('The page is not cross-origin isolated');
    // Polled once a second: the poll is the benchmark's script in the page, counted in the window
    // on both pages; the figure is per second of the video's own time, so a late look costs nothing.
    const at = (s: number) =>
      page.waitForFunction(
        (t) => (document.querySelector('video')?.currentTime ?? 0) >= t,
        { timeout: 120_000, polling: 1000 },
        s,
      );
    const sample = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return page.evaluate(
        (script) => ({
          t: document.querySelector('video')?.currentTime ?? 0,
          scriptMs: script * 1000,
          recorderMs: window.__player?.recorderStats().selfTimeMs ?? 0,
          commits: (window as unknown as { __benchCommits: number }).__benchCommits,
        }),
        metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0,
      );
    };
    // Both pages load the whole film in their first seconds (hls.js sizes its buffer by the top
    // rung's rate: more than 70 s of it), each at its own pace: a window opened at a fixed time
    // caught a different share of that loading on each page, run by run. Steady playback starts
    // once the film is in whole.
    await at(WINDOW_FROM_S);
    await page.waitForFunction(
      () => {
        const video = document.querySelector('video');
        const { buffered } = video ?? {};
        return (
          video && buffered?.length && buffered.end(buffered.length - 1) >= video.duration - 0.5
        );
      },
      { timeout: 60_000, polling: 1000 },
    );
    const before = await sample();
    await at(WINDOW_TO_S);
    const after = await sample();
    return {
      seconds: after.t - before.t,
      scriptMs: after.scriptMs - before.scriptMs,
      recorderMs: after.recorderMs - before.recorderMs,
      commits: after.commits - before.commits,
    };
  } finally {
    await browser.close();
  }
}
