// The reference API's messages (api/src/i18n.ts) for the answers the stories' fake API gives, in
// the three languages of the `Language` header. Copied rather than imported (the site knows the
// API only over HTTP); serverMessages.test.ts fails when the two drift apart.
import type { Locale } from '@coinlens/api/contract';

export const SERVER_MESSAGES = {
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
  googleNotConfigured: {
    en: 'Sign-in with Google is not available on this server',
    zh: '此服务器未开通 Google 登录',
    'pt-br': 'A entrada com o Google não está disponível neste servidor',
  },
  xNotConfigured: {
    en: 'Sign-in with X is not available on this server',
    zh: '此服务器未开通 X 登录',
    'pt-br': 'A entrada com o X não está disponível neste servidor',
  },
  coinNotFound: {
    en: 'There is no coin with this id',
    zh: '没有此编号的币种',
    'pt-br': 'Não existe moeda com este id',
  },
  followCount: {
    en: 'Choose 1 to 5 coins at a time',
    zh: '每次请选择 1 到 5 个币种',
    'pt-br': 'Escolha de 1 a 5 moedas por vez',
  },
  sourceLimit: {
    en: 'You can follow at most 200 sources; remove some first',
    zh: '最多可关注 200 个监控源，请先移除一些',
    'pt-br': 'Você pode seguir no máximo 200 fontes; remova algumas antes',
  },
} satisfies Record<string, Record<Locale, string>>;

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;

/** The server's `msg` for `key` in the request's language. */
export function serverMessage(key: ServerMessageKey, locale: Locale): string {
  return SERVER_MESSAGES[key][locale];
}
