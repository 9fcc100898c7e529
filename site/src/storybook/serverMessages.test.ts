// The stories' fake API shows the reference API's own messages: its copies must not drift.
import { t, type MessageKey } from '../../../api/src/i18n';
import { SERVER_MESSAGES, type ServerMessageKey } from './serverMessages';

const keys = Object.keys(SERVER_MESSAGES) as ServerMessageKey[];

it.each(keys)('says %s in every language as the API does', (key) => {
  for (const locale of ['en', 'zh', 'pt-br'] as const) {
    expect(SERVER_MESSAGES[key][locale]).toBe(t(key as MessageKey, locale));
  }
});
