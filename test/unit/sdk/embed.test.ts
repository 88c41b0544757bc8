// embed.js, the global script: window.KinoPlayer with the player beside the script by default, and
// an auto-mount of the data-kino-player elements after the page's own scripts, which a player the
// page makes itself replaces.

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Runs the global script afresh, as a script element with these attributes would. */
async function loadScript(attributes: Record<string, string> = {}) {
  const script = document.createElement('script');
  script.src = 'https://cdn.example/kino/embed.js';
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  try {
    await jest.isolateModulesAsync(async () => {
      await import('../../../src/sdk/embed');
    });
  } finally {
    Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
  }
  return window.KinoPlayer!;
}

function element(movieId: string) {
  const container = document.createElement('div');
  container.setAttribute('data-kino-player', '');
  container.setAttribute('data-movie_id', movieId);
  document.body.append(container);
  return container;
}

afterEach(async () => {
  await tick(); // this test's script has mounted what it would
  document.body.innerHTML = '';
  delete window.KinoPlayer;
});

describe('embed.js, the global script', () => {
  it('defines window.KinoPlayer, with the player beside the script by default', async () => {
    const KinoPlayer = await loadScript();
    const player = new KinoPlayer(element('2'));
    expect(new URL(player.iframe.src).pathname).toBe('/kino/index.html');
    expect(new URL(player.iframe.src).origin).toBe('https://cdn.example');
    const elsewhere = new KinoPlayer(element('3'), { playerUrl: 'https://player.example/' });
    expect(new URL(elsewhere.iframe.src).origin).toBe('https://player.example');
    expect(new KinoPlayer.PlayerError('TIMEOUT', 'late').code).toBe('TIMEOUT');
  });

  it("or the script's data-player-url", async () => {
    const KinoPlayer = await loadScript({ 'data-player-url': 'https://player.example/embed/' });
    const player = new KinoPlayer(element('2'));
    expect(player.iframe.src).toMatch(/^https:\/\/player\.example\/embed\/\?movie_id=2/);
  });

  it('mounts every data-kino-player element after the page scripts; mountAll gives those players', async () => {
    const first = element('1');
    const second = element('2');
    const KinoPlayer = await loadScript();
    expect(first.querySelector('iframe')).toBeNull(); // not before the page's own scripts
    await tick();
    expect(first.querySelectorAll('iframe')).toHaveLength(1);
    expect(second.querySelectorAll('iframe')).toHaveLength(1);
    const players = KinoPlayer.mountAll();
    expect(players.map((p) => p.iframe)).toEqual([
      first.querySelector('iframe'),
      second.querySelector('iframe'),
    ]);
    expect(KinoPlayer.mountAll()).toEqual(players);
  });

  it('leaves alone an element the page gave a player, and gives way to one the page makes later', async () => {
    const own = element('1');
    const later = element('2');
    const KinoPlayer = await loadScript();
    const mine = new KinoPlayer(own); // as an inline script after embed.js does
    await tick();
    expect(own.querySelectorAll('iframe')).toHaveLength(1);
    expect(KinoPlayer.mountAll()[0]).toBe(mine);

    const auto = KinoPlayer.mountAll()[1]!;
    const autoFrame = later.querySelector('iframe');
    const replaced = new KinoPlayer(later, { playerUrl: 'https://player.example/' });
    expect(later.querySelectorAll('iframe')).toHaveLength(1);
    expect(autoFrame?.isConnected).toBe(false);
    await expect(auto.ready).rejects.toMatchObject({ code: 'DESTROYED' });
    expect(KinoPlayer.mountAll()).toEqual([mine, replaced]);
  });

  it('attaches to a player frame of the page', async () => {
    const KinoPlayer = await loadScript();
    const iframe = document.createElement('iframe');
    iframe.src = 'https://player.example/index.html?movie_id=1';
    document.body.append(iframe);
    const player = KinoPlayer.attach(iframe);
    expect(player.iframe).toBe(iframe);
    player.destroy();
    expect(iframe.isConnected).toBe(true);
  });
});
