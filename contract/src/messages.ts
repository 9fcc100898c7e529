// The server's messages: the `msg` of every envelope and acknowledgement, in each interface
// language. The API answers with them; the site's stand-ins for the API say the same.
import type { Locale } from './locale.js';

/** Every message, by key, in every language. */
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
  priceColorsInvalid: {
    en: 'Price colours must be green-up, red-up or null (the language’s own)',
    zh: '涨跌颜色只能是 green-up（绿涨红跌）、red-up（红涨绿跌）或 null（按语言默认）',
    'pt-br': 'As cores de preço devem ser green-up, red-up ou null (as do idioma)',
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
  hashingBusy: {
    en: 'Too many sign-ins are being checked right now; please try again in a moment',
    zh: '当前登录请求过多，请稍后再试',
    'pt-br': 'Há entradas demais sendo verificadas agora; tente novamente em instantes',
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
  redirectUriInvalid: {
    en: 'The return address must be an http or https URL of at most 2048 characters',
    zh: '返回地址须为不超过 2048 个字符的 http 或 https 网址',
    'pt-br': 'O endereço de retorno deve ser uma URL http ou https de até 2048 caracteres',
  },
  socialCodeRejected: {
    en: 'The sign-in was not accepted or has expired; please try again',
    zh: '登录未被接受或已过期，请重试',
    'pt-br': 'A entrada não foi aceita ou expirou; tente novamente',
  },
  googleEmailUnverified: {
    en: 'Your Google account has no verified email address; verify it with Google and try again',
    zh: '您的 Google 账号没有已验证的邮箱，请先在 Google 完成验证后重试',
    'pt-br':
      'Sua conta do Google não tem um e-mail verificado; verifique-o no Google e tente novamente',
  },
  socialStateUnknown: {
    en: 'This sign-in is unknown or was already used; please start again',
    zh: '此次登录无效或已被使用，请重新开始',
    'pt-br': 'Esta entrada é desconhecida ou já foi usada; comece de novo',
  },
  socialStateExpired: {
    en: 'This sign-in took longer than 10 minutes and has expired; please start again',
    zh: '此次登录超过 10 分钟已过期，请重新开始',
    'pt-br': 'Esta entrada levou mais de 10 minutos e expirou; comece de novo',
  },
  socialUnavailable: {
    en: 'The sign-in service could not be reached; please try again later',
    zh: '暂时无法连接登录服务，请稍后重试',
    'pt-br': 'Não foi possível contatar o serviço de entrada; tente novamente mais tarde',
  },
  pageInvalid: {
    en: 'The page must be a whole number from 1 to 1,000,000',
    zh: '页码须为 1 到 1,000,000 之间的整数',
    'pt-br': 'A página deve ser um número inteiro de 1 a 1.000.000',
  },
  sizeInvalid: {
    en: 'The page size must be a whole number from 1 to 100',
    zh: '每页数量须为 1 到 100 之间的整数',
    'pt-br': 'O tamanho da página deve ser um número inteiro de 1 a 100',
  },
  keywordTooLong: {
    en: 'The search text may be at most 100 characters long',
    zh: '搜索内容最多 100 个字符',
    'pt-br': 'O texto da busca pode ter no máximo 100 caracteres',
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
  followLimit: {
    en: 'You can follow at most 50 coins; unfollow some first',
    zh: '最多可关注 50 个币种，请先取消关注一些',
    'pt-br': 'Você pode seguir no máximo 50 moedas; deixe de seguir algumas antes',
  },
  priceCount: {
    en: 'Ask for the prices of 1 to 100 coins at a time',
    zh: '每次可查询 1 到 100 个币种的价格',
    'pt-br': 'Peça os preços de 1 a 100 moedas por vez',
  },
  sparklineCount: {
    en: 'Ask for the sparklines of 1 to 100 coins at a time',
    zh: '每次可查询 1 到 100 个币种的走势图',
    'pt-br': 'Peça os minigráficos de 1 a 100 moedas por vez',
  },
  marketUnavailable: {
    en: 'Market data is not available right now; please try again shortly',
    zh: '行情数据暂时不可用，请稍后重试',
    'pt-br': 'Os dados de mercado não estão disponíveis agora; tente novamente em instantes',
  },
  sourceNotFound: {
    en: 'There is no monitored source with this id',
    zh: '没有此编号的监控源',
    'pt-br': 'Não existe fonte monitorada com este id',
  },
  sourceCount: {
    en: 'Choose 1 to 5 sources at a time',
    zh: '每次请选择 1 到 5 个监控源',
    'pt-br': 'Escolha de 1 a 5 fontes por vez',
  },
  sourceLimit: {
    en: 'You can follow at most 200 sources; remove some first',
    zh: '最多可关注 200 个监控源，请先移除一些',
    'pt-br': 'Você pode seguir no máximo 200 fontes; remova algumas antes',
  },
  sourceNotFollowed: {
    en: 'You do not follow this source',
    zh: '您未关注此监控源',
    'pt-br': 'Você não segue esta fonte',
  },
  operatorsOnly: {
    en: 'Only the operators of this server can see this',
    zh: '仅此服务器的运维人员可查看',
    'pt-br': 'Só os operadores deste servidor podem ver isto',
  },
  sourceNoSummary: {
    en: 'This source has no summary yet: it comes once the event has ended and its transcript is in',
    zh: '此监控源尚无摘要：活动结束且文字记录就绪后才会生成',
    'pt-br':
      'Esta fonte ainda não tem resumo: ele aparece quando o evento termina e a transcrição chega',
  },
  statusInvalid: {
    en: 'The status must be empty or a number from 1 to 7',
    zh: '状态须为空或 1 到 7 之间的数字',
    'pt-br': 'O status deve ser vazio ou um número de 1 a 7',
  },
  idListInvalid: {
    en: 'The ids must be whole numbers separated by commas',
    zh: '编号须为以逗号分隔的整数',
    'pt-br': 'Os ids devem ser números inteiros separados por vírgulas',
  },
  chatTextLength: {
    en: 'A message must be 1 to 2,000 characters long',
    zh: '消息长度须为 1 到 2,000 个字符',
    'pt-br': 'A mensagem deve ter de 1 a 2.000 caracteres',
  },
  chatContextTooLarge: {
    en: 'The message context is too large',
    zh: '消息上下文过大',
    'pt-br': 'O contexto da mensagem é grande demais',
  },
  chatConversationUnknown: {
    en: 'This conversation does not exist; reload the chat',
    zh: '此对话不存在，请重新加载聊天',
    'pt-br': 'Esta conversa não existe; recarregue o chat',
  },
  chatTooMany: {
    en: 'You are sending messages too fast; please wait a moment',
    zh: '发送太频繁，请稍候再试',
    'pt-br': 'Você está enviando mensagens rápido demais; aguarde um pouco',
  },
  chatRobotTooMany: {
    en: 'Too many robot lines at once; please wait a moment',
    zh: '机器人消息发送太频繁，请稍候再试',
    'pt-br': 'Mensagens do robô demais de uma vez; aguarde um pouco',
  },
  assistantFailed: {
    en: 'Sorry, I could not answer that just now. Please try again.',
    zh: '抱歉，暂时无法回答，请稍后重试。',
    'pt-br': 'Desculpe, não consegui responder agora. Tente novamente.',
  },
  chatSizeInvalid: {
    en: 'The page size must be a whole number from 1 to 50',
    zh: '每页数量须为 1 到 50 之间的整数',
    'pt-br': 'O tamanho da página deve ser um número inteiro de 1 a 50',
  },
  seqNoInvalid: {
    en: 'oldestSeqNo must be -1 or a message number',
    zh: 'oldestSeqNo 须为 -1 或消息编号',
    'pt-br': 'oldestSeqNo deve ser -1 ou o número de uma mensagem',
  },
  hotSizeInvalid: {
    en: 'The size must be a whole number from 1 to 20',
    zh: '数量须为 1 到 20 之间的整数',
    'pt-br': 'O tamanho deve ser um número inteiro de 1 a 20',
  },
  alertNotFound: {
    en: 'There is no alert with this id',
    zh: '没有此编号的提醒',
    'pt-br': 'Não existe alerta com este id',
  },
  alertLimit: {
    en: 'You can have at most 20 alerts; delete one first',
    zh: '最多可设置 20 个提醒，请先删除一些',
    'pt-br': 'Você pode ter no máximo 20 alertas; exclua algum antes',
  },
  alertSubject: {
    en: 'An alert on a coin needs a coin, and an alert on a source a source, not both',
    zh: '币种提醒需要指定币种，监控源提醒需要指定监控源，二者不能同时指定',
    'pt-br': 'Um alerta de moeda precisa de uma moeda, e um de fonte, de uma fonte; não os dois',
  },
  alertPrice: {
    en: 'Enter a price above 0',
    zh: '请输入大于 0 的价格',
    'pt-br': 'Informe um preço acima de 0',
  },
  alertMove: {
    en: 'Enter a move above 0 % and at most 1,000 %',
    zh: '请输入大于 0% 且不超过 1,000% 的涨跌幅',
    'pt-br': 'Informe uma variação acima de 0 % e de no máximo 1.000 %',
  },
  alertNoValue: {
    en: 'This kind of alert takes no value or keyword',
    zh: '此类提醒不需要数值或关键词',
    'pt-br': 'Este tipo de alerta não leva valor nem palavra-chave',
  },
  alertKeyword: {
    en: 'Enter a keyword of 2 to 60 characters',
    zh: '请输入 2 到 60 个字符的关键词',
    'pt-br': 'Informe uma palavra-chave de 2 a 60 caracteres',
  },
  alertCooldown: {
    en: 'The pause between two alerts must be 0 to 10,080 minutes (7 days)',
    zh: '两次提醒的间隔须为 0 到 10,080 分钟（7 天）',
    'pt-br': 'A pausa entre dois alertas deve ser de 0 a 10.080 minutos (7 dias)',
  },
  alertReadCount: {
    en: 'Mark 1 to 100 alerts at a time',
    zh: '每次请标记 1 到 100 条提醒',
    'pt-br': 'Marque de 1 a 100 alertas por vez',
  },
  alertSourceStarted: {
    en: 'This source has already started',
    zh: '此监控源已经开始',
    'pt-br': 'Esta fonte já começou',
  },
  alertSourceEnded: {
    en: 'This source has ended: its transcript will not change',
    zh: '此监控源已结束，其文字记录不会再变化',
    'pt-br': 'Esta fonte terminou: a transcrição não vai mudar',
  },
  alertSourceSummarized: {
    en: 'The summary of this source is already out',
    zh: '此监控源的摘要已经发布',
    'pt-br': 'O resumo desta fonte já saiu',
  },
  alertMailNoAddress: {
    en: 'This account has no email address to send alerts to',
    zh: '此账号没有可接收提醒的邮箱地址',
    'pt-br': 'Esta conta não tem um endereço de e-mail para receber alertas',
  },
  alertUnsubscribeToken: {
    en: 'This unsubscribe link is not valid (it may be from a mail sent before you turned alert emails back on); change your alert emails in your alert settings',
    zh: '此退订链接无效（可能来自您重新开启提醒邮件之前的邮件），请在提醒设置中更改提醒邮件',
    'pt-br':
      'Este link de cancelamento não é válido (talvez seja de um e-mail enviado antes de você reativar os e-mails de alerta); altere os e-mails de alerta nas configurações de alertas',
  },
  alertWebhookUrl: {
    en: 'Enter the webhook as a full https:// address of at most 2,048 characters, without a user name or password',
    zh: '请输入完整的 https:// 网址作为 Webhook（最多 2048 个字符，不含用户名或密码）',
    'pt-br':
      'Informe o webhook como um endereço https:// completo de até 2.048 caracteres, sem usuário nem senha',
  },
  alertWebhookHost: {
    en: 'The webhook’s host name could not be found; check the address',
    zh: '找不到 Webhook 的主机名，请检查网址',
    'pt-br': 'O nome do host do webhook não foi encontrado; confira o endereço',
  },
  alertWebhookAddress: {
    en: 'The webhook must be on a public address: local, private and reserved networks are refused',
    zh: 'Webhook 必须使用公网地址：本机、内网和保留网段的地址会被拒绝',
    'pt-br':
      'O webhook precisa estar em um endereço público: redes locais, privadas e reservadas são recusadas',
  },
  alertWebhookNone: {
    en: 'There is no webhook to rotate the secret of; add one first',
    zh: '尚未设置 Webhook，无法更换密钥；请先添加',
    'pt-br': 'Não há webhook para trocar o segredo; adicione um antes',
  },
  alertPushEndpoint: {
    en: 'This browser’s push service is not at a public https address, so it cannot get notifications',
    zh: '此浏览器的推送服务不是公网 https 地址，无法接收通知',
    'pt-br':
      'O serviço de push deste navegador não está em um endereço https público, então ele não pode receber notificações',
  },
  alertPushKeys: {
    en: 'This browser’s notification keys are not valid; turn notifications off and on again',
    zh: '此浏览器的通知密钥无效；请关闭通知后重新开启',
    'pt-br':
      'As chaves de notificação deste navegador não são válidas; desative e ative as notificações de novo',
  },
} satisfies Record<string, Record<Locale, string>>;

/** The key of a server message. */
export type MessageKey = keyof typeof SERVER_MESSAGES;

/** The server's message `key` in `locale`. */
export function serverMessage(key: MessageKey, locale: Locale): string {
  return SERVER_MESSAGES[key][locale];
}
