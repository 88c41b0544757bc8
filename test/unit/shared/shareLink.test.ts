import { shareAddress, siteOrigin } from '../../../src/shared/shareLink';

const SITE = 'https://kino.example';

describe('the site a link is shared on', () => {
  it.each([
    ['the embedding page’s, when the browser tells it', 'https://kino.example', SITE],
    [
      'the frame’s own, outside a frame or when the browser does not tell',
      null,
      'https://player.example',
    ],
    ['the frame’s own, for a sandboxed host (origin "null")', 'null', 'https://player.example'],
  ])('is %s', (_name, hostOrigin, expected) => {
    expect(siteOrigin(hostOrigin, 'https://player.example/index.html?movie_id=1')).toBe(expected);
  });
});

describe('a shared content address', () => {
  it.each([
    ['a path, on the site', '/contents/1', SITE, 'https://kino.example/contents/1'],
    [
      'an absolute address, as it is',
      'https://other.example/films/1',
      SITE,
      'https://other.example/films/1',
    ],
    [
      'a protocol-relative one, on its own host',
      '//cdn.example/films/1',
      SITE,
      'https://cdn.example/films/1',
    ],
    ['a path with no site known, none', '/contents/1', '', null],
    [
      'an absolute one with no site known, as it is',
      'https://other.example/films/1',
      '',
      'https://other.example/films/1',
    ],
    ['not a web address, none', 'javascript:alert(1)', SITE, null],
  ])('%s', (_name, contentUrl, origin, expected) => {
    expect(shareAddress(contentUrl, origin)?.href ?? null).toBe(expected);
  });
});
