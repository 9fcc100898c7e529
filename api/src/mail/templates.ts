// The verification mails, in the language of the request that asked for them.
import type { CodeType } from '../auth/codes.js';
import type { Locale } from '@coinlens/contract';

type Template = { subject: string; text: (code: string) => string };

const templates: Record<CodeType, Record<Locale, Template>> = {
  4: {
    en: {
      subject: 'Your Coinlens verification code',
      text: (code) =>
        `Your Coinlens verification code is ${code}.\n\nIt expires in 10 minutes and works once.\n\nIf you did not ask to create a Coinlens account, ignore this email.`,
    },
    zh: {
      subject: 'Coinlens 注册验证码',
      text: (code) =>
        `您的 Coinlens 验证码是 ${code}。\n\n验证码 10 分钟内有效，仅可使用一次。\n\n如果您没有申请注册 Coinlens 账号，请忽略此邮件。`,
    },
    'pt-br': {
      subject: 'Seu código de verificação do Coinlens',
      text: (code) =>
        `Seu código de verificação do Coinlens é ${code}.\n\nEle expira em 10 minutos e só pode ser usado uma vez.\n\nSe você não pediu para criar uma conta no Coinlens, ignore este e-mail.`,
    },
  },
  2: {
    en: {
      subject: 'Reset your Coinlens password',
      text: (code) =>
        `Your code to reset your Coinlens password is ${code}.\n\nIt expires in 10 minutes and works once.\n\nIf you did not ask to reset your password, ignore this email: your password stays as it is.`,
    },
    zh: {
      subject: '重置 Coinlens 密码',
      text: (code) =>
        `您用于重置 Coinlens 密码的验证码是 ${code}。\n\n验证码 10 分钟内有效，仅可使用一次。\n\n如果您没有申请重置密码，请忽略此邮件，您的密码不会改变。`,
    },
    'pt-br': {
      subject: 'Redefina sua senha do Coinlens',
      text: (code) =>
        `Seu código para redefinir a senha do Coinlens é ${code}.\n\nEle expira em 10 minutos e só pode ser usado uma vez.\n\nSe você não pediu para redefinir sua senha, ignore este e-mail: sua senha continua a mesma.`,
    },
  },
};

/** Subject and text of a verification mail. */
export function verificationMail(
  type: CodeType,
  locale: Locale,
  code: string,
): { subject: string; text: string } {
  const template = templates[type][locale];
  return { subject: template.subject, text: template.text(code) };
}
