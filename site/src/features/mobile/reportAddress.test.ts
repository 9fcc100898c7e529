import { mobileReportPath, mobileSourcePath, reportAddressOf } from './reportAddress';

describe('reportAddressOf', () => {
  it.each([
    ['?coin=2', { kind: 'coin', coinId: 2 }],
    ['?coin=1234567890', { kind: 'coin', coinId: 1234567890 }],
    ['?tab=coins&coin=7', { kind: 'coin', coinId: 7 }],
  ])('reads %s as a coin', (search, address) => {
    expect(reportAddressOf(search)).toEqual(address);
  });

  it.each(['?coin=', '?coin=0', '?coin=-1', '?coin=1.5', '?coin=x', '?coin=2&coin=3', '?coin=02'])(
    'reads %s as no coin it could show',
    (search) => {
      expect(reportAddressOf(search)).toEqual({ kind: 'invalid' });
    },
  );

  it.each(['', '?', '?tab=coins', '?coins=2'])(
    'reads %s as asking for no coin at all',
    (search) => {
      expect(reportAddressOf(search)).toEqual({ kind: 'none' });
    },
  );
});

describe('the phone’s addresses', () => {
  it('names a coin’s report view and a source’s page under /mobile/', () => {
    expect(mobileReportPath(5)).toBe('/mobile/reporting/?coin=5');
    expect(reportAddressOf(new URL(mobileReportPath(5), 'https://x.example').search)).toEqual({
      kind: 'coin',
      coinId: 5,
    });
    expect(mobileSourcePath(9)).toBe('/mobile/monitoring/detail/?id=9');
  });
});
