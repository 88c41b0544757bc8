// The demo host page: embeds the player with the host SDK (the kino-player-sdk module, which embed.js
// also is) for the content in its own query, and lists every event the player sends.
// `window.demoPlayer` is the SDK object, for the console.
import { createPlayer, type KinoPlayer } from '../src/sdk/index';

const params = new URLSearchParams(location.search);
if (!params.has('movie_id')) params.set('movie_id', '1');
if (!params.has('auto_play')) params.set('auto_play', '1');

// ?player_origin=... embeds the player from another origin, as a real host page does.
const playerOrigin = params.get('player_origin');
params.delete('player_origin');
// ?ads=skippable,nonskippable picks the demo VAST fixtures of the ad list (empty: no adverts).
const ads = params.get('ads');
params.delete('ads');
// ?track=<origin> sends those adverts' tracking URLs to another host (a tracker that is down, in a test).
const track = params.get('track');
params.delete('track');

// ?test_init=... goes to the player's page: the demo server's init scripts for tests (demo/testInit.ts)
const testInit = params.get('test_init');
params.delete('test_init');

const container = document.getElementById('player-container') as HTMLElement;
for (const [name, value] of params) container.setAttribute(`data-${name}`, value);
// Error reports of the demo go to the demo server's envelope sink, unless the query names another
// (?sentry_dsn=..., a sink that is down, in a test).
if (!params.has('sentry_dsn'))
  container.dataset.sentry_dsn = `${location.protocol}//public@${location.host}/1`;
container.dataset.sentry_project_label = 'demo-host';
if (ads !== null) {
  const list = new URL('/ad-list.json', location.origin);
  list.searchParams.set('vast', ads);
  if (track) list.searchParams.set('track', track);
  container.dataset.env_ad_list_url = list.href;
}

const playerUrl = new URL(
  playerOrigin ? `${playerOrigin}/index.html` : new URL('index.html', location.href).href,
);
if (testInit) playerUrl.searchParams.set('test_init', testInit);
const player = createPlayer(container, { playerUrl: playerUrl.href });
player.iframe.id = 'player';
(window as unknown as { demoPlayer: KinoPlayer }).demoPlayer = player;

const list = document.getElementById('messages') as HTMLOListElement;
player.on('*', (data, event) => {
  const item = document.createElement('li');
  item.dataset.event = event;
  const name = document.createElement('b');
  name.textContent = event;
  const text = document.createElement('span');
  text.textContent = ` ${JSON.stringify(data ?? null)}`;
  item.append(name, text);
  list.append(item);
});
