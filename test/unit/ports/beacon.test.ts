// The beacon port's browser adapter: what goes out, and what never does.
import { createBeaconPort } from '../../../src/ports/beacon';

describe('beacon port', () => {
  const fetchMock = jest.fn((_url: string, _init?: RequestInit) => Promise.resolve({}));
  beforeEach(() => {
    fetchMock.mockClear();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('fires an http(s) beacon with keepalive, so one sent as the page unloads still arrives', () => {
    createBeaconPort().fire('https://track.example/start?cb=1');
    expect(fetchMock).toHaveBeenCalledWith(
      'https://track.example/start?cb=1',
      expect.objectContaining({ method: 'GET', keepalive: true }),
    );
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    '',
  ])('never fires %j', (url) => {
    createBeaconPort().fire(url);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
