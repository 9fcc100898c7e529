import type { Locale } from './contract/index.js';

const LOCALES: readonly Locale[] = ['en', 'zh', 'pt-br'];

/** The request's `Language` header as one of our locales (default `en`). */
export function localeOf(header: string | string[] | undefined): Locale {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return LOCALES.find((locale) => locale === value) ?? 'en';
}

const messages = {
  ok: { en: 'ok', zh: '成功', 'pt-br': 'ok' },
  badRequest: {
    en: 'The request is malformed',
    zh: '请求格式错误',
    'pt-br': 'A requisição está malformada',
  },
  notFound: {
    en: 'Nothing was found at this address',
    zh: '此地址不存在',
    'pt-br': 'Nada foi encontrado neste endereço',
  },
  methodNotAllowed: {
    en: 'This method is not allowed here',
    zh: '不支持此请求方法',
    'pt-br': 'Este método não é permitido aqui',
  },
  tooLarge: {
    en: 'The request body is too large',
    zh: '请求内容过大',
    'pt-br': 'O corpo da requisição é grande demais',
  },
  internal: {
    en: 'Something went wrong on our side; please try again',
    zh: '服务器出错，请稍后重试',
    'pt-br': 'Algo deu errado do nosso lado; tente novamente',
  },
  unauthorized: {
    en: 'Please log in to continue',
    zh: '请先登录',
    'pt-br': 'Entre na sua conta para continuar',
  },
  emailInvalid: {
    en: 'Enter a valid email address',
    zh: '请输入有效的邮箱地址',
    'pt-br': 'Informe um endereço de e-mail válido',
  },
  passwordLength: {
    en: 'The password must be 6 to 128 characters long',
    zh: '密码长度须为 6 到 128 个字符',
    'pt-br': 'A senha deve ter de 6 a 128 caracteres',
  },
  passwordCommon: {
    en: 'This password is too common and easy to guess; choose another one',
    zh: '该密码过于常见，容易被猜到，请换一个',
    'pt-br': 'Esta senha é comum demais e fácil de adivinhar; escolha outra',
  },
  nicknameLength: {
    en: 'The nickname must be 3 to 32 characters long',
    zh: '昵称长度须为 3 到 32 个字符',
    'pt-br': 'O apelido deve ter de 3 a 32 caracteres',
  },
  wrongCredentials: {
    en: 'The email or password is incorrect',
    zh: '邮箱或密码错误',
    'pt-br': 'E-mail ou senha incorretos',
  },
  alreadyRegistered: {
    en: 'This email is already registered; log in instead',
    zh: '该邮箱已注册，请直接登录',
    'pt-br': 'Este e-mail já está cadastrado; entre na sua conta',
  },
  codeWrong: {
    en: 'The verification code is incorrect or has already been used',
    zh: '验证码错误或已被使用',
    'pt-br': 'O código de verificação está incorreto ou já foi usado',
  },
  codeExpired: {
    en: 'The verification code has expired; ask for a new one',
    zh: '验证码已过期，请重新获取',
    'pt-br': 'O código de verificação expirou; peça um novo',
  },
  codeLocked: {
    en: 'Too many wrong codes; ask for a new code',
    zh: '验证码错误次数过多，请重新获取验证码',
    'pt-br': 'Códigos errados demais; peça um novo código',
  },
  codeCooldown: {
    en: 'A code was sent a moment ago; wait before asking for another',
    zh: '验证码刚刚已发送，请稍后再试',
    'pt-br': 'Um código acabou de ser enviado; aguarde antes de pedir outro',
  },
  accountLocked: {
    en: 'Too many failed sign-in attempts; this account is locked for a while',
    zh: '登录失败次数过多，该账号已被暂时锁定',
    'pt-br': 'Tentativas de entrada com falha demais; esta conta está bloqueada por um tempo',
  },
  tooManyRequests: {
    en: 'Too many requests from your network; try again later',
    zh: '您的网络请求过于频繁，请稍后再试',
    'pt-br': 'Requisições demais da sua rede; tente novamente mais tarde',
  },
} satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof messages;

/** A server message in the request's language. */
export function t(key: MessageKey, locale: Locale): string {
  return messages[key][locale];
}
