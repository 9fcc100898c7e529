import type { ChatMessage, ChatSource } from '@coinlens/contract';
import { act, renderHook } from '@testing-library/react';
import type { ChatEntry } from '../assistant/conversation/messages';
import {
  chatHeader,
  conversationStarted,
  KEYBOARD_MIN_PX,
  keyboardInset,
  SHORT_SCREEN_QUERY,
  useKeyboardInset,
  useShortScreen,
} from './chatScreen';

const entry = (source: ChatSource, seqNo: number): ChatEntry => ({
  key: `${source}-${seqNo}`,
  status: null,
  message: {
    conversationId: 'conv-1',
    seqNo,
    source,
    language: 'en',
    text: 'Hello',
    layers: [],
    more: false,
    timestamp: 0,
  } satisfies ChatMessage,
});

describe('conversationStarted', () => {
  it.each([
    ['an empty conversation', false, []],
    ["the robot's welcome and onboarding lines", false, [entry('ROBOT', 1), entry('ROBOT', 2)]],
    ['a question', true, [entry('ROBOT', 1), entry('USER', 2)]],
    ["the assistant's reply", true, [entry('ASSISTANT', 1)]],
  ])('%s: started %s', (_name, started, entries) => {
    expect(conversationStarted(entries)).toBe(started);
  });
});

describe('chatHeader', () => {
  it.each([
    ['full', { started: false, short: false, keyboardUp: false }],
    ['slim', { started: true, short: false, keyboardUp: false }],
    ['slim', { started: false, short: true, keyboardUp: false }],
    ['slim', { started: true, short: true, keyboardUp: false }],
    ['none', { started: false, short: false, keyboardUp: true }],
    ['none', { started: true, short: true, keyboardUp: true }],
  ] as const)('%s for %o', (header, room) => {
    expect(chatHeader(room)).toBe(header);
  });
});

describe('useShortScreen', () => {
  /** A media query list for SHORT_SCREEN_QUERY that a test turns, as a phone is turned. */
  class FakeQuery extends EventTarget {
    constructor(public matches: boolean) {
      super();
    }
    turn(matches: boolean) {
      this.matches = matches;
      this.dispatchEvent(new Event('change'));
    }
  }
  // The window's own (jsdom has none; a test setup may give it one), put back after each test.
  let own: PropertyDescriptor | undefined;
  beforeEach(() => {
    own = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  });
  afterEach(() => {
    delete (window as { matchMedia?: unknown }).matchMedia;
    if (own) Object.defineProperty(window, 'matchMedia', own);
  });

  it('follows the phone as it turns', () => {
    const query = new FakeQuery(false);
    const matchMedia = jest.fn(() => query);
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
    const { result } = renderHook(() => useShortScreen());
    expect(matchMedia).toHaveBeenCalledWith(SHORT_SCREEN_QUERY);
    expect(result.current).toBe(false);
    act(() => query.turn(true));
    expect(result.current).toBe(true);
    act(() => query.turn(false));
    expect(result.current).toBe(false);
  });

  it('is false without matchMedia', () => {
    delete (window as { matchMedia?: unknown }).matchMedia;
    const { result } = renderHook(() => useShortScreen());
    expect(result.current).toBe(false);
  });
});

describe('keyboardInset', () => {
  const visual = (height: number, offsetTop = 0, scale = 1) => ({ height, offsetTop, scale });
  it.each([
    ['no visual viewport', 0, { innerHeight: 844, visual: null }],
    ['nothing covered', 0, { innerHeight: 844, visual: visual(844) }],
    ["the browser's bars", 0, { innerHeight: 844, visual: visual(844 - 80) }],
    ['a keyboard held upright', 336, { innerHeight: 844, visual: visual(844 - 336) }],
    ['a keyboard held sideways', 170, { innerHeight: 390, visual: visual(220) }],
    ['the keyboard, the page panned up', 236, { innerHeight: 844, visual: visual(508, 100) }],
    [
      'the least a keyboard covers',
      120,
      { innerHeight: 844, visual: visual(844 - KEYBOARD_MIN_PX) },
    ],
    ['a page zoomed in', 0, { innerHeight: 844, visual: visual(422, 0, 2) }],
  ])('%s: %i px', (_name, inset, viewports) => {
    expect(keyboardInset(viewports)).toBe(inset);
  });
});

describe('useKeyboardInset', () => {
  /** A visual viewport that a test resizes, as a keyboard coming up would. */
  class FakeVisualViewport extends EventTarget {
    height = window.innerHeight;
    offsetTop = 0;
    scale = 1;
    resize(height: number) {
      this.height = height;
      this.dispatchEvent(new Event('resize'));
    }
  }
  let visual: FakeVisualViewport;

  beforeEach(() => {
    visual = new FakeVisualViewport();
    Object.defineProperty(window, 'visualViewport', { configurable: true, value: visual });
  });
  afterEach(() => {
    delete (window as { visualViewport?: unknown }).visualViewport;
  });

  it('follows the keyboard up and down while watching', () => {
    const { result } = renderHook(() => useKeyboardInset(true));
    expect(result.current).toBe(0);
    act(() => visual.resize(window.innerHeight - 300));
    expect(result.current).toBe(300);
    act(() => visual.resize(window.innerHeight));
    expect(result.current).toBe(0);
  });

  it('answers 0 and listens to nothing when not watching', () => {
    const listen = jest.spyOn(visual, 'addEventListener');
    visual.resize(window.innerHeight - 300);
    const { result, rerender } = renderHook(({ watching }) => useKeyboardInset(watching), {
      initialProps: { watching: false },
    });
    expect(result.current).toBe(0);
    expect(listen).not.toHaveBeenCalled();
    rerender({ watching: true });
    expect(result.current).toBe(300);
  });

  it('answers 0 in a browser without a visual viewport', () => {
    delete (window as { visualViewport?: unknown }).visualViewport;
    const { result } = renderHook(() => useKeyboardInset(true));
    expect(result.current).toBe(0);
  });
});
