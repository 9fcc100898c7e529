import type { AlertFormError } from '@coinlens/design-system';
import { LOCALES } from '../../../i18n/locales';
import { fakeAlertEvent } from '../../../testing/api/alerts';
import { pageI18n } from '../../../testing/renderWithLocale';
import { alertLabels, noticeText, subjectName, subjectPath } from './labels';

function labelsIn(locale: (typeof LOCALES)[number]) {
  const { i18n } = pageI18n(locale, '/alerts/');
  const t = i18n.getFixedT(locale, 'alerts');
  return { t, labels: alertLabels(t, locale) };
}

const ERRORS: AlertFormError[] = [
  { field: 'kind', code: 'notForSubject' },
  { field: 'value', code: 'required' },
  { field: 'value', code: 'notANumber' },
  { field: 'value', code: 'notPositive', kind: 'priceAbove' },
  { field: 'value', code: 'notPositive', kind: 'move24h' },
  { field: 'value', code: 'tooLarge', max: 1000 },
  { field: 'keyword', code: 'tooShort', min: 2 },
  { field: 'keyword', code: 'tooLong', max: 60 },
  { field: 'cooldownMinutes', code: 'notAWholeNumber' },
  { field: 'cooldownMinutes', code: 'outOfRange', min: 0, max: 10_080 },
];

describe.each(LOCALES)('the alert labels in %s', (locale) => {
  const { t, labels } = labelsIn(locale);

  it.each(ERRORS.map((error) => [`${error.code} ${JSON.stringify(error)}`, error] as const))(
    'words the form error %s, with the limits it names',
    (_name, error) => {
      const text = labels.form.error(error);
      expect(text).not.toMatch(/form\.errors|\{\{/);
      for (const limit of ['min', 'max'] as const) {
        if (limit in error)
          expect(text).toContain(String((error as unknown as Record<string, number>)[limit]));
      }
    },
  );

  it('tells a price from a move when a line is not above 0', () => {
    expect(labels.form.error({ field: 'value', code: 'notPositive', kind: 'priceBelow' })).not.toBe(
      labels.form.error({ field: 'value', code: 'notPositive', kind: 'move24h' }),
    );
  });

  it('names every kind in the form and in what fired it', () => {
    for (const kind of Object.keys(labels.form.kinds) as Array<keyof typeof labels.form.kinds>) {
      expect(labels.form.kinds[kind]).not.toMatch(/^form\./);
      expect(labels.describe({ kind, value: 5, keyword: 'ETF' })).not.toMatch(/^trigger\.|\{\{/);
    }
  });

  it('names an alert on every new source, in the form and in the list, in its own words', () => {
    expect(labels.newSources).not.toMatch(/^newSources$|\{\{/);
    expect(labels.form.newSources).toBe(labels.newSources);
    expect(subjectName(null, labels)).toBe(labels.newSources);
    expect(subjectName({ name: 'Bitcoin' }, labels)).toBe('Bitcoin');
    expect(labels.form.kinds.newSourceKeyword).not.toBe(labels.form.kinds.sourceKeyword);
  });

  it('says a new source’s keyword with the keyword, not as a keyword said in a known source', () => {
    const said = labels.describe({ kind: 'newSourceKeyword', value: null, keyword: 'Bitcoin ETF' });
    expect(said).toContain('Bitcoin ETF');
    expect(said).not.toBe(
      labels.describe({ kind: 'sourceKeyword', value: null, keyword: 'Bitcoin ETF' }),
    );
  });

  it('says one alert by its subject and what fired it, several by their count', () => {
    const one = fakeAlertEvent(1);
    expect(noticeText([one], labels, t).title).toContain('Bitcoin');
    expect(noticeText([one, fakeAlertEvent(2)], labels, t).title).toContain('2');
  });

  it('names a new source that said the keyword, and the keyword', () => {
    const said = fakeAlertEvent(1, {
      kind: 'newSourceKeyword',
      subject: { kind: 'source', id: 40, name: 'Bitcoin ETF weekly', symbol: null, logo: '' },
      line: null,
      keyword: 'spot ETF',
      figure: null,
      source: null,
      asOf: null,
    });
    const { title } = noticeText([said], labels, t);
    expect(title).toContain('Bitcoin ETF weekly');
    expect(title).toContain('spot ETF');
  });
});

it.each([
  [{ kind: 'coin', id: 3 }, false, '/reporting/?coin=3'],
  [{ kind: 'coin', id: 3 }, true, '/mobile/reporting/?coin=3'],
  [{ kind: 'source', id: 9 }, false, '/monitoring/detail/?id=9'],
  [{ kind: 'source', id: 9 }, true, '/mobile/monitoring/detail/?id=9'],
  [null, false, '/monitoring/'],
  [null, true, '/mobile/?tab=events'],
] as const)('links %o (phone: %s) to %s', (subject, phone, path) => {
  expect(subjectPath(subject, phone)).toBe(path);
});
