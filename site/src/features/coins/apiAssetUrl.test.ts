// apiAssetUrl lives in data/client.ts; its table is here, beside the coin logos that need it.
import { apiAssetUrl } from '../../data/client';

const saved = process.env.GATSBY_API_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.GATSBY_API_URL;
  else process.env.GATSBY_API_URL = saved;
});

describe('apiAssetUrl', () => {
  it.each([
    [
      'https://api.example.com',
      '/api/asset/logo/btc.svg',
      'https://api.example.com/api/asset/logo/btc.svg',
    ],
    [
      'https://api.example.com/',
      '/api/asset/logo/btc.svg',
      'https://api.example.com/api/asset/logo/btc.svg',
    ],
    [
      'https://api.example.com',
      'https://cdn.example.org/eth.png',
      'https://cdn.example.org/eth.png',
    ],
    ['https://api.example.com', 'http://cdn.example.org/eth.png', 'http://cdn.example.org/eth.png'],
    ['https://api.example.com', '//cdn.example.org/eth.png', '//cdn.example.org/eth.png'],
    [
      'https://api.example.com',
      'data:image/svg+xml,%3Csvg%2F%3E',
      'data:image/svg+xml,%3Csvg%2F%3E',
    ],
    ['https://api.example.com', '', ''],
  ])('with the API at %p turns %p into %p', (base, path, expected) => {
    process.env.GATSBY_API_URL = base;
    expect(apiAssetUrl(path)).toBe(expected);
  });

  it("keeps a path on the site's own origin when no API URL is set", () => {
    delete process.env.GATSBY_API_URL;
    expect(apiAssetUrl('/api/asset/logo/btc.svg')).toBe('/api/asset/logo/btc.svg');
    process.env.GATSBY_API_URL = '';
    expect(apiAssetUrl('/api/asset/logo/btc.svg')).toBe('/api/asset/logo/btc.svg');
  });
});
