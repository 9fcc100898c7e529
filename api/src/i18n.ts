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
} satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof messages;

/** A server message in the request's language. */
export function t(key: MessageKey, locale: Locale): string {
  return messages[key][locale];
}
