import {
  dropPendingFollow,
  keepPendingFollow,
  PENDING_FOLLOW_KEY,
  PENDING_FOLLOW_TTL_MS,
  pendingFollow,
} from './pendingFollow';

describe('a follow kept while the visitor signs in', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps the coin for this tab until it is taken', () => {
    keepPendingFollow({ coinId: 5, name: 'Solana' }, 1000);
    expect(pendingFollow(2000)).toEqual({ coinId: 5, name: 'Solana', at: 1000 });
    dropPendingFollow();
    expect(pendingFollow(2000)).toBeNull();
  });

  it('keeps only the last coin asked for', () => {
    keepPendingFollow({ coinId: 5, name: 'Solana' }, 1000);
    keepPendingFollow({ coinId: 1, name: 'Bitcoin' }, 1500);
    expect(pendingFollow(2000)?.coinId).toBe(1);
  });

  it('forgets a wish older than its time', () => {
    keepPendingFollow({ coinId: 5, name: 'Solana' }, 1000);
    expect(pendingFollow(1000 + PENDING_FOLLOW_TTL_MS + 1)).toBeNull();
    expect(sessionStorage.getItem(PENDING_FOLLOW_KEY)).toBeNull();
  });

  it.each(['not json', '{"coinId":"5","name":"Solana","at":1}', '{"coinId":-1,"name":"x","at":1}'])(
    'drops what it cannot read (%s)',
    (text) => {
      sessionStorage.setItem(PENDING_FOLLOW_KEY, text);
      expect(pendingFollow(2)).toBeNull();
      expect(sessionStorage.getItem(PENDING_FOLLOW_KEY)).toBeNull();
    },
  );
});
