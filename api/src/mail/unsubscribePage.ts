// The page an alert mail's unsubscribe link opens in a browser: it asks to confirm with a button
// (a GET changes nothing, so that a mail scanner that follows links unsubscribes no one), and
// says what the POST did. Plain HTML with no script, in the user's language.
import { serverMessage, type Locale } from '@coinlens/contract';

type Words = { title: string; ask: string; button: string; done: string; back: string };

const WORDS: Record<Locale, Words> = {
  en: {
    title: 'Coinlens alert emails',
    ask: 'Stop getting alert emails from Coinlens? Your alerts still show in the app.',
    button: 'Stop alert emails',
    done: 'Done: you will get no more alert emails. You can turn them back on in your alert settings.',
    back: 'Go to Coinlens',
  },
  zh: {
    title: 'Coinlens 提醒邮件',
    ask: '不再接收 Coinlens 的提醒邮件？您的提醒仍会在应用中显示。',
    button: '停止提醒邮件',
    done: '已完成：您将不再收到提醒邮件。您可以在提醒设置中重新开启。',
    back: '前往 Coinlens',
  },
  'pt-br': {
    title: 'E-mails de alerta do Coinlens',
    ask: 'Parar de receber e-mails de alerta do Coinlens? Seus alertas continuam aparecendo no app.',
    button: 'Parar os e-mails de alerta',
    done: 'Pronto: você não vai receber mais e-mails de alerta. Você pode reativá-los nas configurações de alertas.',
    back: 'Ir para o Coinlens',
  },
};

/** The page's own policy: no script, no outside resource, its form posts to this origin only. */
export const UNSUBSCRIBE_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The page: `ask` (a valid token, before the POST), `done` (after it) or `invalid` (a token that
 * is not one). `siteUrl` is the site's page in the user's language.
 */
export function unsubscribePage(
  state: 'ask' | 'done' | 'invalid',
  locale: Locale,
  siteUrl: string,
): string {
  const words = WORDS[locale];
  const body =
    state === 'ask'
      ? `<p>${escape(words.ask)}</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escape(words.button)}</button></form>`
      : `<p>${escape(state === 'done' ? words.done : serverMessage('alertUnsubscribeToken', locale))}</p><p><a href="${escape(siteUrl)}">${escape(words.back)}</a></p>`;
  return `<!doctype html><html lang="${locale === 'zh' ? 'zh-CN' : locale === 'pt-br' ? 'pt-BR' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(words.title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style></head><body><h1>${escape(words.title)}</h1>${body}</body></html>`;
}
