// The player's page under its Content-Security-Policy (tools/build/contentPolicy.ts, docs/security.md):
// the built page declares it, the film plays under it, and what the player did not ship is refused
// and kept for QA to see. (Every other browser test checks that nothing of the player's was refused:
// flightLogInvariant.ts.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openEmbed, openPage, openPlayers, screenshot, useBrowser } from './browser';
import { policyViolations } from './contentPolicy';
import { expectReplayable } from './flightLog';

const DIST_PAGE = join(__dirname, '..', '..', 'dist', 'index.html');
describe("the player's Content-Security-Policy", () => {
  const browser = useBrowser();

  it('is declared by the built page: scripts from its own origin and its inline ones by hash, no eval, no plugins', () => {
    const page = readFileSync(DIST_PAGE, 'utf8');
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1];
    expect(policy).toBeDefined();
    const directives = new Map(
      policy!.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values] as const;
      }),
    );
    const scripts = directives.get('script-src') ?? [];
    expect(scripts[0]).toBe("'self'");
    // the import map and the early start, each by its hash, and nothing inline or evaluated else
    expect(scripts.slice(1)).toEqual([
      expect.stringMatching(/^'sha256-/),
      expect.stringMatching(/^'sha256-/),
    ]);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    // before anything it governs: only the charset comes first
    expect(page.indexOf('Content-Security-Policy')).toBeLessThan(page.indexOf('<script'));
  });

  it('lets the film play and refuses a script the player did not ship, inline or evaluated, keeping both', async () => {
    const { page } = await openPage(browser());
    const frame = await openEmbed(page, '?movie_id=1&auto_play=1');
    await frame.waitForFunction(() => window.__player!.getState().media.started, {
      timeout: 20_000,
    });
    expect(await policyViolations(frame)).toEqual([]);
    // the page's own code, not puppeteer's evaluation (which the browser lets evaluate): a script
    // element added to the page, and an eval from a timer of the page
    await frame.evaluate(() => {
      const injected = document.createElement('script');
      injected.textContent = 'window.injectedRan = true';
      document.body.append(injected);
      setTimeout(() => {
        try {
          Reflect.set(window, 'evalRan', (0, eval)('true'));
        } catch {
          Reflect.set(window, 'evalRan', false); // refused: an EvalError
        }
      });
    });
    await frame.waitForFunction(() => Reflect.get(window, 'evalRan') !== undefined);
    const ran = await frame.evaluate(() => ({
      inline: Reflect.get(window, 'injectedRan') === true,
      evaluated: Reflect.get(window, 'evalRan') === true,
    }));
    expect(ran).toEqual({ inline: false, evaluated: false });
    // the refusals come as events a moment later
    await frame.waitForFunction(() => window.__player!.policyViolations().length >= 2);
    const refused = await policyViolations(frame);
    expect(refused).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' }),
        expect.objectContaining({ directive: 'script-src', blocked: 'eval' }),
      ]),
    );
    await screenshot(page, 'content-policy-film-plays');
    // these refusals were this test's own doing: the log still replays, checked here
    openPlayers.delete(frame);
    await expectReplayable(frame, 'content-policy');
    await page.browserContext().close();
  });
});
