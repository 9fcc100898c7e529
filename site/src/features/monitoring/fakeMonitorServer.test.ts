// The fake monitoring server answers with the reference API's own messages: its copies must not
// drift.
import { t, type MessageKey } from '../../../../api/src/i18n';
import { MONITOR_MESSAGES } from './fakeMonitorServer';

const keys = Object.keys(MONITOR_MESSAGES) as Array<keyof typeof MONITOR_MESSAGES>;

it.each(keys)('says %s in every language as the API does', (key) => {
  for (const locale of ['en', 'zh', 'pt-br'] as const) {
    expect(MONITOR_MESSAGES[key][locale]).toBe(t(key as MessageKey, locale));
  }
});
