/**
 * @jest-environment node
 */
import { createHttpPort } from '../../../src/ports/httpClient';
import type { HttpRequest, HttpResponse } from '../../../src/ports/types';

const byFetch = jest.fn(async (_req: HttpRequest): Promise<HttpResponse> => ({
  status: 200,
  headers: {},
  data: 'fetch',
}));
const byAxios = jest.fn(async (_req: HttpRequest): Promise<HttpResponse> => ({
  status: 200,
  headers: {},
  data: 'axios',
}));
jest.mock('../../../src/ports/http', () => ({
  ...jest.requireActual('../../../src/ports/http'),
  sendByFetch: (req: HttpRequest) => byFetch(req),
}));
jest.mock('../../../src/ports/axiosClient', () => ({
  sendRequest: (req: HttpRequest) => byAxios(req),
}));

const request: HttpRequest = { method: 'GET', url: 'https://ads.example/list', timeoutMs: 5000 };

describe("the services' HTTP port", () => {
  beforeEach(() => jest.clearAllMocks());

  it('sends by fetch until axios has come, then by axios', async () => {
    const port = createHttpPort();
    expect((await port.request(request)).data).toBe('fetch');
    await port.loadAxios();
    expect((await port.request(request)).data).toBe('axios');
    expect(byFetch).toHaveBeenCalledTimes(1);
    expect(byAxios).toHaveBeenCalledTimes(1);
  });

  it('hands out an answer the early start already has, without sending the request again', async () => {
    const early = {
      take: jest.fn(() => Promise.resolve({ status: 200, headers: {}, data: 'early' })),
    };
    const port = createHttpPort(early);
    expect((await port.request(request)).data).toBe('early');
    expect(early.take).toHaveBeenCalledWith(request);
    expect(byFetch).not.toHaveBeenCalled();
  });
});
