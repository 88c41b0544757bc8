// The demo host page: embeds the player for the content in its own query and lists what the player posts.
const params = new URLSearchParams(location.search);
if (!params.has('movie_id')) params.set('movie_id', '1');
if (!params.has('auto_play')) params.set('auto_play', '1');

// ?player_origin=... embeds the player from another origin, as a real host page does.
const playerOrigin = params.get('player_origin');
params.delete('player_origin');

const frame = document.getElementById('player') as HTMLIFrameElement;
const list = document.getElementById('messages') as HTMLOListElement;
// Error reports of the demo go to the demo server's envelope sink.
frame.dataset.sentry_dsn = `${location.protocol}//public@${location.host}/1`;
frame.dataset.sentry_project_label = 'demo-host';
// ?ads=skippable,nonskippable picks the demo VAST fixtures of the ad list (empty: no adverts).
const ads = params.get('ads');
params.delete('ads');
if (ads !== null) frame.dataset.env_ad_list_url = `${location.origin}/ad-list.json?vast=${ads}`;
frame.src = playerOrigin ? `${playerOrigin}/index.html?${params}` : `./index.html?${params}`;

window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow) return;
  const message = event.data as { event?: unknown; data?: unknown };
  const item = document.createElement('li');
  item.dataset.event = String(message?.event ?? '?');
  const name = document.createElement('b');
  name.textContent = item.dataset.event;
  const data = document.createElement('span');
  data.textContent = ` ${JSON.stringify(message?.data ?? null)}`;
  item.append(name, data);
  list.append(item);
});
