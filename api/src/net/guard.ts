// The server's own requests to addresses its users give (alert webhooks, feeds): only to public
// addresses, so that a user cannot make the server reach what only it can reach (loopback, the
// private networks, link-local and the cloud metadata address 169.254.169.254, CGNAT, multicast,
// IPv4-mapped IPv6 and the other special ranges).
//
// The refusal happens where the socket connects: `request-filtering-agent` checks an address
// given as a literal, and wraps the agent's DNS lookup so that every address the name resolves to
// is checked before the socket connects to it. The address checked is the address connected to,
// so a name that answers a public address to a first look-up and a private one to the next (DNS
// rebinding) gains nothing. `checkUrl` answers the same question ahead of time (when a user saves
// an address) with the same rule, ipaddr.js's `range()`, so its refusal is one a user can read.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

export interface FetchGuardOptions {
  /**
   * Private and other special addresses allowed too (ALLOW_PRIVATE_FETCH): for tests and
   * development against local receivers, never in production.
   */
  allowPrivate: boolean;
  /** Addresses allowed even when private (tests of the refusals that need a local receiver). */
  allowAddresses?: readonly string[];
  /** The resolver (default `dns.lookup`); tests give one that answers what they need. */
  lookup?: LookupFunction;
}

/** Why an address was refused before any request: a reason the caller can translate. */
export type RefusalReason = 'url' | 'scheme' | 'host' | 'address';

export class FetchRefusedError extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}

/** The schemes a caller takes (default http and https); anything else is refused as `scheme`. */
export interface SchemePolicy {
  protocols?: readonly string[];
}

export interface GuardedRequest extends SchemePolicy {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange (every redirect hop, connecting, sending, reading): default 10 s. */
  timeoutMs?: number;
  /** The response body read at most (the rest is not read, `truncated` says so): default 1 MiB. */
  maxBytes?: number;
  /** Redirects followed, each hop checked as the first: default 0 (a 3xx is the answer). */
  maxRedirects?: number;
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body was longer than `maxBytes`: `body` is its start. */
  truncated: boolean;
  /** The address answered, after any redirect. */
  url: URL;
}

/** Whether ipaddr.js files the address as ordinary unicast: the only kind the guard lets through. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.parse(address).range() === 'unicast';
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function checkScheme(url: URL, { protocols = ['http:', 'https:'] }: SchemePolicy): void {
  if (!protocols.includes(url.protocol)) {
    throw new FetchRefusedError('scheme', `${url.protocol} addresses are not fetched`);
  }
}

export class FetchGuard {
  readonly #http: RequestFilteringHttpAgent;
  readonly #https: RequestFilteringHttpsAgent;
  constructor(private readonly options: FetchGuardOptions) {
    const filtering = {
      allowPrivateIPAddress: options.allowPrivate,
      allowIPAddressList: [...(options.allowAddresses ?? [])],
    };
    this.#http = new RequestFilteringHttpAgent(filtering);
    this.#https = new RequestFilteringHttpsAgent(filtering);
  }

  /**
   * The filtering agents, for a library that takes an http(s) Agent of its own: its connections
   * get the same refusal (not the scheme check nor the limits of `request`).
   */
  get httpAgent(): http.Agent {
    return this.#http;
  }

  get httpsAgent(): https.Agent {
    return this.#https;
  }

  /** Whether private addresses are allowed (ALLOW_PRIVATE_FETCH). */
  get allowsPrivate(): boolean {
    return this.options.allowPrivate;
  }

  /**
   * Parses `text` and checks it as a request would be now: an address of one of the `protocols`
   * without user or password, whose host is a public address or resolves only to public ones.
   * The refusal says why (`FetchRefusedError.reason`). Answers the parsed URL.
   */
  async checkUrl(text: string, policy: SchemePolicy = {}): Promise<URL> {
    let url: URL;
    try {
      url = new URL(text.trim());
    } catch {
      throw new FetchRefusedError('url', `not an address: ${text}`);
    }
    if (url.username || url.password) {
      throw new FetchRefusedError('url', 'an address with a user or password');
    }
    checkScheme(url, policy);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const addresses = isIP(host) ? [host] : await this.#resolve(host);
    const refused = addresses.find((address) => !this.#allows(address));
    if (refused !== undefined) {
      throw new FetchRefusedError('address', `${url.hostname} is at ${refused}, not public`);
    }
    return url;
  }

  /**
   * One request through the filtering agents; a refused address fails it before anything is
   * sent. Rejects on a refusal, a network error or the time-out; any HTTP status is an answer.
   */
  async request(target: string | URL, init: GuardedRequest = {}): Promise<GuardedResponse> {
    const signal = AbortSignal.timeout(init.timeoutMs ?? 10_000);
    let url = new URL(target);
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    for (let hop = 0; ; hop += 1) {
      checkScheme(url, init);
      const response = await this.#once(url, { ...init, method, body }, signal);
      const location = response.headers.location;
      if (!REDIRECTS.has(response.status) || !location || hop >= (init.maxRedirects ?? 0)) {
        return response;
      }
      url = new URL(location, url);
      // As browsers do: a 303, or a 301/302 after a POST, is followed with a GET.
      if (response.status === 303 || (response.status <= 302 && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
    }
  }

  /** Closes the agents' idle sockets. */
  close(): void {
    this.#http.destroy();
    this.#https.destroy();
  }

  #allows(address: string): boolean {
    if (this.options.allowPrivate || isPublicAddress(address)) return true;
    return (this.options.allowAddresses ?? []).includes(address);
  }

  async #resolve(host: string): Promise<string[]> {
    const lookup = this.options.lookup ?? dnsLookup;
    return new Promise((resolve, reject) => {
      lookup(host, { all: true }, (error, addresses) => {
        if (error) reject(new FetchRefusedError('host', `${host} was not found (${error.code})`));
        else resolve((addresses as unknown as LookupAddress[]).map((one) => one.address));
      });
    });
  }

  async #once(
    url: URL,
    init: GuardedRequest & { method: string },
    signal: AbortSignal,
  ): Promise<GuardedResponse> {
    const secure = url.protocol === 'https:';
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = (secure ? https : http).request(
        url,
        {
          method: init.method,
          headers: init.headers ?? {},
          agent: secure ? this.#https : this.#http,
          signal,
          ...(this.options.lookup ? { lookup: this.options.lookup } : {}),
        },
        resolve,
      );
      request.on('error', reject);
      request.end(init.body);
    });
    const maxBytes = init.maxBytes ?? 1024 * 1024;
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    // Iterating rejects on the time-out or a connection cut mid-body; breaking off destroys it.
    for await (const chunk of response as AsyncIterable<Buffer>) {
      if (size + chunk.length > maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - size));
        truncated = true;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
    return {
      status: response.statusCode ?? 0,
      headers: response.headers,
      body: Buffer.concat(chunks),
      truncated,
      url,
    };
  }
}
