import { DEFAULT_TAB, searchWithTab, tabForKey, tabFromSearch } from './tabs';

describe('the mobile tabs in the address', () => {
  it.each([
    ['', DEFAULT_TAB],
    ['?tab=events', 'events'],
    ['?tab=chat&t=login', 'chat'],
    ['?tab=reports', DEFAULT_TAB],
    ['?tab=', DEFAULT_TAB],
  ])('reads %j as %s', (search, tab) => {
    expect(tabFromSearch(search)).toBe(tab);
  });

  it('writes the tab and keeps the rest of the query', () => {
    expect(searchWithTab('', 'events')).toBe('?tab=events');
    expect(searchWithTab('?x=1&tab=chat', 'events')).toBe('?x=1&tab=events');
    expect(searchWithTab('?tab=chat', 'coins')).toBe('');
    expect(searchWithTab('?x=1&tab=chat', 'coins')).toBe('?x=1');
  });
});

describe('moving between tabs with the keyboard', () => {
  it.each([
    ['coins', 'ArrowRight', 'events'],
    ['chat', 'ArrowRight', 'coins'],
    ['coins', 'ArrowLeft', 'chat'],
    ['events', 'Home', 'coins'],
    ['events', 'End', 'chat'],
    ['events', 'Enter', null],
    ['events', 'ArrowDown', null],
  ] as const)('from %s, %s goes to %s', (from, key, to) => {
    expect(tabForKey(from, key)).toBe(to);
  });
});
