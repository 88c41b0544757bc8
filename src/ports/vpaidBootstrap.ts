// The page inside the VPAID sandbox: loads the creative's script, checks handshakeVersion('2.0'), runs
// initAd with a slot and a video slot of its own, and relays the creative's events and the player's
// commands by postMessage. It runs in an opaque origin: the creative cannot reach the player.
const script = String.raw`
(function () {
  var parentWindow = window.parent;
  var slot = document.getElementById('slot');
  var videoSlot = document.getElementById('video-slot');
  var ad = null;
  var timer = null;
  var EVENTS = ['AdLoaded', 'AdStarted', 'AdImpression', 'AdVideoStart', 'AdVideoFirstQuartile',
    'AdVideoMidpoint', 'AdVideoThirdQuartile', 'AdVideoComplete', 'AdPaused', 'AdPlaying', 'AdSkipped',
    'AdStopped', 'AdUserClose', 'AdVolumeChange', 'AdClickThru', 'AdSkippableStateChange', 'AdError'];
  function post(event) { parentWindow.postMessage({ vpaid: 1, event: event }, '*'); }
  function fail(error) { post({ type: 'AdError', message: String((error && error.message) || error) }); }
  function sampleTime() {
    try {
      post({ type: 'AdRemainingTimeChange', remaining: Number(ad.getAdRemainingTime()),
        duration: Number(ad.getAdDuration()) });
    } catch (e) {}
  }
  function relay(name) {
    return function (a, b, playerHandles) {
      if (name === 'AdError') post({ type: name, message: String(a || 'VPAID error') });
      else if (name === 'AdVolumeChange') post({ type: name, volume: Number(ad.getAdVolume()) });
      else if (name === 'AdSkippableStateChange')
        post({ type: name, skippable: Boolean(ad.getAdSkippableState()) });
      else if (name === 'AdClickThru') {
        var url = typeof a === 'string' && /^https?:\/\//i.test(a) ? a : null;
        if (playerHandles && url) window.open(url, '_blank', 'noopener');
        post({ type: name, url: url });
      } else post({ type: name });
      if (name === 'AdStarted' && !timer) timer = setInterval(sampleTime, 250);
      if (name === 'AdStopped' || name === 'AdSkipped' || name === 'AdError') clearInterval(timer);
    };
  }
  function load(url, adParameters) {
    var tag = document.createElement('script');
    tag.src = url;
    tag.onerror = function () { fail('The VPAID script did not load'); };
    tag.onload = function () {
      try {
        if (typeof window.getVPAIDAd !== 'function') throw new Error('No getVPAIDAd() in the script');
        ad = window.getVPAIDAd();
        var version = String(ad.handshakeVersion('2.0'));
        if (version.split('.')[0] !== '2') throw new Error('VPAID version ' + version + ' is not 2.x');
        EVENTS.forEach(function (name) { ad.subscribe(relay(name), name, null); });
        ad.initAd(innerWidth, innerHeight, 'normal', -1, { AdParameters: adParameters },
          { slot: slot, videoSlot: videoSlot, videoSlotCanAutoPlay: true });
      } catch (e) { fail(e); }
    };
    document.head.appendChild(tag);
  }
  window.addEventListener('message', function (message) {
    if (message.source !== parentWindow) return;
    var command = message.data || {};
    if (command.cmd === 'load') return load(String(command.url), String(command.adParameters));
    if (!ad) return;
    try {
      if (command.cmd === 'start') ad.startAd();
      else if (command.cmd === 'pause') ad.pauseAd();
      else if (command.cmd === 'resume') ad.resumeAd();
      else if (command.cmd === 'skip') ad.skipAd();
      else if (command.cmd === 'stop') ad.stopAd();
      else if (command.cmd === 'volume') ad.setAdVolume(Number(command.volume));
    } catch (e) { fail(e); }
  });
})();`;

export const VPAID_BOOTSTRAP = `<!doctype html><html><head><meta charset="utf-8"><style>
html,body,#slot{margin:0;width:100%;height:100%;overflow:hidden;background:#000}
#video-slot{position:absolute;inset:0;width:100%;height:100%}
</style></head><body><div id="slot"><video id="video-slot" playsinline></video></div>
<script>${script}</script></body></html>`;
