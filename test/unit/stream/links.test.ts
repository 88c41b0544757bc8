import { defaultSource, isMasterJson, withOrigin } from '../../../src/stream/links';

describe('stream links (SPEC.md sections 3 and 5)', () => {
  it('prefixes links without http with the origin of the given address', () => {
    expect(withOrigin('/media/a.m3u8', 'https://cdn.example/media/film.json')).toBe(
      'https://cdn.example/media/a.m3u8',
    );
    expect(withOrigin('media/a.m3u8', 'https://cdn.example/x/film.json')).toBe(
      'https://cdn.example/media/a.m3u8',
    );
    expect(withOrigin('https://other.example/a.m3u8', 'https://cdn.example/')).toBe(
      'https://other.example/a.m3u8',
    );
    expect(withOrigin('HTTP://other.example/a.m3u8', 'https://cdn.example/')).toBe(
      'HTTP://other.example/a.m3u8',
    );
  });

  it('keeps hostile links on the origin: never a javascript: or data: address to load', () => {
    for (const link of [
      'javascript:alert(1)',
      'data:application/vnd.apple.mpegurl;base64,I0VYVE0zVQ==',
      '//evil.example/a.m3u8',
      'file:///etc/passwd',
    ]) {
      const url = withOrigin(link, 'https://cdn.example/media/film.json');
      expect(url.startsWith('https://cdn.example/')).toBe(true);
      expect(new URL(url).origin).toBe('https://cdn.example');
    }
  });

  it('knows a master JSON by its path', () => {
    expect(isMasterJson('https://cdn.example/media/film.json')).toBe(true);
    expect(isMasterJson('/media/film.json?v=2')).toBe(true);
    expect(isMasterJson('/media/master.m3u8?f=x.json')).toBe(false);
  });

  it('picks the default source, else the first', () => {
    const a = { label: 'A', link: '/a', isDefault: false };
    const b = { label: 'B', link: '/b', isDefault: true };
    expect(defaultSource({ sources: [a, b], subtitles: [] })).toBe(b);
    expect(defaultSource({ sources: [a], subtitles: [] })).toBe(a);
    expect(defaultSource({ sources: [], subtitles: [] })).toBeNull();
  });
});
