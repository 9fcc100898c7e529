// The built site's react-i18next (./react-i18next.ts): the provider and the hook, over the built
// site's i18next, as gatsby-plugin-react-i18next uses them.
import { act, render, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { useEffect } from 'react';
import * as liteI18next from './i18next';
import i18next, { type I18n } from './i18next';
import * as liteReact from './react-i18next';
import { I18nextProvider, useTranslation } from './react-i18next';

function instance(): I18n {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: {
      en: { home: { title: 'Home' }, common: { ok: 'OK', hello: 'Hello {{name}}' } },
      zh: { home: { title: '首页' }, common: { ok: '好', hello: '你好 {{name}}' } },
    },
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'home',
    fallbackNS: ['common'],
    interpolation: { escapeValue: false },
  });
  return i18n;
}

let tChanges = 0;
function Strings({ ns, keyPrefix }: { ns?: string | string[]; keyPrefix?: string }) {
  const { t, i18n, ready } = useTranslation(ns, { keyPrefix });
  useEffect(() => {
    tChanges += 1;
  }, [t]);
  return (
    <p>
      {String(t('title'))} / {String(t('ok'))} / {String(t('hello', { name: 'Ana' }))} /{' '}
      {i18n?.language ?? 'none'} / {String(ready)}
    </p>
  );
}

const shown = () => screen.getByRole('paragraph').textContent;

beforeEach(() => {
  tChanges = 0;
});

it('translates with the page namespace and its fallbacks', () => {
  render(
    <I18nextProvider i18n={instance()}>
      <Strings />
    </I18nextProvider>,
  );
  expect(shown()).toBe('Home / OK / Hello Ana / en / true');
});

it('looks in the namespace asked for first, then in the fallbacks', () => {
  render(
    <I18nextProvider i18n={instance()}>
      <Strings ns={['common', 'home']} />
    </I18nextProvider>,
  );
  // "title" is in home only, which is not a fallback namespace: the key shows, as with i18next.
  expect(shown()).toBe('title / OK / Hello Ana / en / true');
});

it('keeps t across renders and changes it with the language', async () => {
  const i18n = instance();
  const { rerender } = render(
    <I18nextProvider i18n={i18n}>
      <Strings />
    </I18nextProvider>,
  );
  rerender(
    <I18nextProvider i18n={i18n}>
      <Strings />
    </I18nextProvider>,
  );
  expect(tChanges).toBe(1);
  await act(() => i18n.changeLanguage('zh'));
  expect(shown()).toBe('首页 / 好 / 你好 Ana / zh / true');
  expect(tChanges).toBe(2);
});

it('changes t with the namespaces and the key prefix', () => {
  const i18n = instance();
  const { rerender } = render(
    <I18nextProvider i18n={i18n}>
      <Strings ns="home" />
    </I18nextProvider>,
  );
  rerender(
    <I18nextProvider i18n={i18n}>
      <Strings ns="common" keyPrefix="x" />
    </I18nextProvider>,
  );
  expect(shown()).toBe('x.title / x.ok / x.hello / en / true');
  expect(tChanges).toBe(2);
});

it('stops listening to an instance it no longer renders with', async () => {
  const first = instance();
  const { rerender } = render(
    <I18nextProvider i18n={first}>
      <Strings />
    </I18nextProvider>,
  );
  rerender(
    <I18nextProvider i18n={instance()}>
      <Strings />
    </I18nextProvider>,
  );
  await act(() => first.changeLanguage('zh'));
  expect(tChanges).toBe(1);
  expect(shown()).toBe('Home / OK / Hello Ana / en / true');
});

it('answers with the key without a provider', () => {
  render(<Strings />);
  expect(shown()).toBe('title / ok / hello / none / false');
});

describe('what the site imports at run time', () => {
  // The site's modules (not its tests, stories or Storybook set-up), and the names they import
  // as values from the three packages the build replaces or re-exports.
  const SOURCES = join(__dirname, '..', '..');
  const files = (readdirSync(SOURCES, { recursive: true }) as string[]).filter(
    (file) =>
      /\.tsx?$/.test(file) &&
      !/\.(test|stories)\.tsx?$|\.d\.ts$/.test(file) &&
      !file.startsWith(`storybook${sep}`),
  );
  const imported = (module: string): string[] =>
    files.flatMap((file) =>
      [
        ...readFileSync(join(SOURCES, file), 'utf8').matchAll(
          new RegExp(`import (?!type )([^;]*?) from '${module}';`, 'gs'),
        ),
      ].flatMap(([, clause = '']) => {
        const names = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
        const named = names
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '))
          .map((name) => name.split(/\s+as\s+/)[0] ?? name);
        return /^\w+/.test(clause) ? ['default', ...named] : named;
      }),
    );
  // The plugin's own exports; the rest of its exports are react-i18next's.
  const PLUGIN = join(dirname(require.resolve('gatsby-plugin-react-i18next')), 'dist');
  const pluginOwn = readdirSync(PLUGIN)
    .filter((file) => file.endsWith('.js') && file !== 'index.js')
    .flatMap((file) => [...readFileSync(join(PLUGIN, file), 'utf8').matchAll(/exports\.(\w+) =/g)])
    .map(([, name = '']) => name);

  it('finds them', () => {
    expect(imported('gatsby-plugin-react-i18next')).toContain('useTranslation');
  });

  it.each([
    ['i18next', Object.keys(liteI18next)],
    ['react-i18next', Object.keys(liteReact)],
    ['gatsby-plugin-react-i18next', [...pluginOwn, ...Object.keys(liteReact)]],
  ])('the built site has every name the site imports from %s', (module, exported) => {
    expect(imported(module).filter((name) => !exported.includes(name))).toEqual([]);
  });
});
