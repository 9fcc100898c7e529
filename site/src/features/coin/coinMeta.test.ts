import path from 'node:path';
import { coinMeta } from './coinMeta';

const LOCALES = path.join(__dirname, '..', '..', '..', 'locales');

describe('coinMeta', () => {
  it.each([
    ['en', 'Bitcoin (BTC) price, chart and analysis', 'Markets'],
    ['zh', 'Bitcoin（BTC）价格、走势图与分析', '行情'],
    ['pt-br', 'Bitcoin (BTC): preço, gráfico e análise', 'Mercado'],
  ])("words a coin page's head in %s", (language, title, markets) => {
    const meta = coinMeta(LOCALES, language, { name: 'Bitcoin', symbol: 'BTC' });
    expect(meta.title).toBe(title);
    expect(meta.description).toMatch(/^Bitcoin.*BTC/);
    expect(meta.markets).toBe(markets);
  });

  it('words the client route for any coin', () => {
    expect(coinMeta(LOCALES, 'pt-br', null).title).toBe('Preço, gráfico e análise de uma moeda');
  });
});
