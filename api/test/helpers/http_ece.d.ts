// Types for the part of http_ece (Encrypted Content-Encoding, RFC 8188; web-push's own dependency)
// that the push test uses to read a push as a browser does: it ships none.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's (the browser's) key pair. */
    privateKey: ECDH;
    /** The receiver's authentication secret, URL-safe base64. */
    authSecret: string;
  }

  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
