// The demo's protected films (docs/master-json.md, "drm"): the demo film encrypted for Clear Key
// (tools/protectedFilm.ts, served at /media/protected/), each through a master JSON of its own.
// - 6 lists Widevine before Clear Key: a browser without Widevine (Chromium as Debian builds it,
//   Firefox without its CDM) plays it with Clear Key, the source's second choice;
// - 7 lists only key systems of commercial browsers' own CDMs: here, none is granted;
// - 8 is encrypted with a key the license server does not hold;
// - 9 is the encrypted film through a master JSON that declares no key system (a deployment's slip).

const WIDEVINE = { keySystem: 'widevine', licenseUrl: '/drm/widevine' } as const;
const CLEAR_KEY = { keySystem: 'clearkey', licenseUrl: '/drm/clearkey' } as const;

const master = (link: string, drm?: object[]) => ({
  sources: [{ label: 'Основной', link, isDefault: true, ...(drm ? { drm } : {}) }],
  subtitles: [],
});

/** The master JSONs by their address on the demo server, with the film each is. */
export const PROTECTED_FILMS = {
  '/media/protected.json': {
    id: 6,
    title: 'Защищённый фильм',
    master: master('/media/protected/master.m3u8', [WIDEVINE, CLEAR_KEY]),
  },
  '/media/protected-other-browser.json': {
    id: 7,
    title: 'Фильм для другого браузера',
    master: master('/media/protected/master.m3u8', [
      WIDEVINE,
      { keySystem: 'playready', licenseUrl: '/drm/playready' },
    ]),
  },
  '/media/protected-unlicensed.json': {
    id: 8,
    title: 'Фильм без лицензии',
    master: master('/media/protected/unlicensed/master.m3u8', [CLEAR_KEY]),
  },
  '/media/protected-undeclared.json': {
    id: 9,
    title: 'Фильм без ключевой системы',
    master: master('/media/protected/master.m3u8'),
  },
};
