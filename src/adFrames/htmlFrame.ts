// The page an advert's HTML resource is drawn in (public/adHtml.html; a VAST icon's HTMLResource):
// the player frames it sandboxed, with scripts but no same origin, and sends it the HTML once, which
// it writes as its document. A page of the player's own rather than a srcdoc: a srcdoc frame lives
// under the player page's Content-Security-Policy, which refuses the inline scripts and styles an ad
// server's HTML is made of (docs/security.md).

// a script, not a module (a module would need CORS from the opaque origin): every name kept inside
(() => {
  const write = (message: MessageEvent) => {
    if (message.source !== window.parent) return;
    const data: unknown = message.data;
    const html: unknown =
      typeof data === 'object' && data !== null ? Reflect.get(data, 'html') : null;
    if (typeof html !== 'string') return;
    window.removeEventListener('message', write);
    document.open();
    document.write(html);
    document.close();
  };
  window.addEventListener('message', write);
})();
