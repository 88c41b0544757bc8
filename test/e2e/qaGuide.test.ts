// The example script of docs/qa.md, as a QA engineer would run it: no fixed sleeps anywhere.
import { demoUrl, openPage, playerFrame, screenshot, useBrowser } from './browser';

describe('the QA guide’s example script', () => {
  const browser = useBrowser();

  it('skips the pre-roll of an autoplaying episode and picks an episode of season 2', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=2&episode_id=203&auto_play=1&ads=skippable'));
    const frame = await playerFrame(page);
    // Every control is waited for, then clicked: a script never sleeps.
    const click = async (selector: string, timeout = 10_000) =>
      (await frame.waitForSelector(selector, { timeout }))!.click();
    // The pre-roll starts on its own (auto_play): its skip button is enabled after the skip offset.
    await frame.waitForSelector('::-p-aria(Пропустить)', { timeout: 20_000 });
    const adEnded = frame.evaluate(() => window.__player!.waitForAction('ads/adEnded'));
    await click('::-p-aria(Пропустить)');
    expect((await adEnded).payload).toMatchObject({ status: 'skipped' }); // the click skipped it
    await frame.waitForFunction(() => !window.__player!.getState().media.paused, {
      timeout: 15_000,
    });
    await click('[aria-label="Сезоны и эпизоды"]');
    await click('[data-testid="menu-seasons"] [role="menuitem"]:nth-of-type(2)');
    // Wait for an action the next step causes: start waiting before the step.
    const selected = frame.evaluate(() =>
      window.__player!.waitForAction('content/episodeSelected'),
    );
    await click('[data-testid="menu-episodes"] [role="menuitemradio"]');
    expect((await selected).payload).toEqual({ episodeId: 204 });
    await screenshot(page, 'qa-guide-example');
    expect(errors).toEqual([]);
  }, 60_000);
});
