// Accounts and sign-in: the request bodies and the signed-in user.
import { Type } from 'typebox';

const Account = Type.String({
  description:
    'Email address: letters, digits, dot, underscore or hyphen, and a TLD of 2+ letters. Trimmed and lower-cased by the server.',
  examples: ['ada@example.com'],
});
const Passwd = Type.String({
  description: '6 to 128 characters; a new password must not be among the 10,000 most common ones.',
});
const Captcha = Type.String({
  description: 'The 6-digit code mailed by `/api/auth/base/sendMessage`.',
  examples: ['042917'],
});

export const SendMessageBody = Type.Object({
  account: Account,
  type: Type.Union([Type.Literal(4), Type.Literal(2)], {
    description: '4: a code to register; 2: a code to reset the password.',
  }),
});

export const RegisterBody = Type.Object({ account: Account, passwd: Passwd, captcha: Captcha });
export const LoginBody = Type.Object({ account: Account, passwd: Passwd });
export const ChangePasswordBody = Type.Object({
  account: Account,
  passwd: Type.String({ description: 'The new password; rules as for registering.' }),
  captcha: Captcha,
});
export const ModifyBody = Type.Object({
  nickname: Type.String({ description: '3 to 32 characters after trimming.' }),
});

export const PreferencesBody = Type.Object({
  priceColors: Type.Union([Type.String({ maxLength: 64 }), Type.Null()], {
    description:
      'Which colour means up on prices: `green-up` or `red-up` (422 for anything else); null goes back to the convention of the language the site is read in.',
    examples: ['red-up'],
  }),
});

const RedirectUri = Type.String({
  minLength: 1,
  maxLength: 2048,
  description:
    'Where the provider sends the browser back: an absolute http(s) URL, exactly as registered with the provider (the site uses its origin with a trailing slash).',
  examples: ['https://coinlens.example/'],
});
const OAuthCode = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'The `code` query parameter the provider sent the browser back with.',
});

export const GoogleBody = Type.Object({ code: OAuthCode, redirectUri: RedirectUri });
export const TwitterRedirectBody = Type.Object({ redirectUri: RedirectUri });
export const TwitterBody = Type.Object({
  code: OAuthCode,
  state: Type.String({
    minLength: 1,
    maxLength: 256,
    description:
      'The `state` query parameter X sent the browser back with (the one in the URL `twitterRedirectUrl` answered).',
  }),
});
export const AuthorizeUrl = Type.String({
  description:
    "X's authorize page for this sign-in (OAuth 2.0 with PKCE S256 and a one-time `state`); send the browser there.",
  examples: [
    'https://x.com/i/oauth2/authorize?response_type=code&client_id=...&redirect_uri=https%3A%2F%2Fcoinlens.example%2F&scope=users.read%20tweet.read%20offline.access&state=...&code_challenge=...&code_challenge_method=S256',
  ],
});

export const UserInfo = Type.Object(
  {
    id: Type.Integer(),
    account: Type.String({
      description:
        'The email address; `x:<X user id>` for an account made by X sign-in (X shares no email).',
    }),
    nickname: Type.String(),
    avatar: Type.Union([Type.String(), Type.Null()], {
      description: 'Avatar URL; null: the site shows its default image.',
    }),
    times: Type.Integer({ description: '1 on the answer that created the account, else 0.' }),
    priceColors: Type.Union([Type.Literal('green-up'), Type.Literal('red-up'), Type.Null()], {
      description:
        'Which colour means up on prices: `green-up`, `red-up` (as Chinese markets show them), or null: the convention of the language the site is read in (red up in Chinese, green up otherwise).',
    }),
    operator: Type.Boolean({
      description:
        "One of this server's operators (OPERATOR_EMAILS): may see the state of the feeds the server reads.",
    }),
    tokenInfo: Type.Object({
      tokenName: Type.Literal('Authorization'),
      tokenValue: Type.String({
        description:
          'The bearer token (`Authorization: Bearer <tokenValue>`). Empty on answers that issue no token (`GET /api/user`, nickname change): keep the one you have.',
      }),
      expiresAt: Type.Integer({
        description:
          'When the token expires (Unix seconds). Each use moves it to 30 days later (at most once an hour).',
      }),
    }),
  },
  { description: 'The signed-in user.' },
);

/**
 * Which colour means up on price changes: `green-up` (green up, red down) or `red-up` (red up,
 * green down, as Chinese markets show them).
 */
export type PriceColors = 'green-up' | 'red-up';

/** Every `PriceColors`, for validation and menus. */
export const PRICE_COLORS: readonly PriceColors[] = ['green-up', 'red-up'];

/** The signed-in user (`GET /api/user`, and the answer of every sign-in call). */
export interface UserInfo {
  id: number;
  /** The account's email address; `x:<X user id>` for an account made by X sign-in. */
  account: string;
  nickname: string;
  /** Avatar URL; null means the site shows its default image. */
  avatar: string | null;
  /** Above 0 only on the answer that created the account. */
  times: number;
  /**
   * The user's choice of up and down colours; null: the convention of the page's language. The
   * API always answers it; optional here so that a user made before the choice existed (a test's
   * or a story's fixture) still reads as one, with the language's colours.
   */
  priceColors?: PriceColors | null;
  /**
   * One of this server's operators (OPERATOR_EMAILS): may see the state of the feeds the server
   * reads. The API always answers it; optional here for the same reason as `priceColors`.
   */
  operator?: boolean;
  tokenInfo: { tokenName: 'Authorization'; tokenValue: string; expiresAt: number };
}
