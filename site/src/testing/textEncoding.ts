// jsdom's globals lack the TextEncoder and TextDecoder that every browser has, and typebox (the
// contract's schemas) makes an encoder as it loads: Node's own stand in for them.
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}
