// What `react-i18next` is in the built site (site/gatsby-node.ts aliases it, beside `i18next`:
// ./i18next.ts): the provider and the hook that gatsby-plugin-react-i18next and the site use,
// as react-i18next 12 has them, over this folder's i18next. The hook's t stays the same function
// until the language or the namespaces change, as react-i18next's, so that effects depending on
// it do not run again on every render.
import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { I18n, TFunction } from './i18next';

interface Context {
  i18n?: I18n;
  defaultNS?: string | readonly string[];
}

const I18nContext = createContext<Context>({});

export function I18nextProvider({
  i18n,
  defaultNS,
  children,
}: {
  i18n: I18n;
  defaultNS?: string | readonly string[];
  children?: ReactNode;
}) {
  const value = useMemo(() => ({ i18n, defaultNS }), [i18n, defaultNS]);
  return createElement(I18nContext.Provider, { value }, children);
}

type UseTranslation = [TFunction, I18n | undefined, boolean] & {
  t: TFunction;
  i18n: I18n | undefined;
  ready: boolean;
};

function result(t: TFunction, i18n: I18n | undefined, ready: boolean): UseTranslation {
  return Object.assign([t, i18n, ready], { t, i18n, ready }) as UseTranslation;
}

// Without a provider, react-i18next's t answers with the key (and warns).
const keyAsText: TFunction = (key) => (Array.isArray(key) ? key[key.length - 1] : key);

export function useTranslation(
  ns?: string | readonly string[],
  props: { i18n?: I18n; lng?: string; keyPrefix?: string } = {},
): UseTranslation {
  const context = useContext(I18nContext);
  const i18n = props.i18n ?? context.i18n;
  const namespaces = [ns ?? context.defaultNS ?? i18n?.options.defaultNS ?? []].flat();
  const { lng, keyPrefix } = props;
  const joined = `${lng ?? ''}${namespaces.join()}`;
  const fixedT = () => (i18n ? i18n.getFixedT(lng ?? null, namespaces[0], keyPrefix) : keyAsText);
  const [t, setT] = useState<TFunction>(fixedT);
  const previous = useRef({ i18n, joined, keyPrefix });

  useEffect(() => {
    const before = previous.current;
    previous.current = { i18n, joined, keyPrefix };
    if (before.joined !== joined || before.keyPrefix !== keyPrefix) setT(fixedT);
    if (!i18n) return;
    const reset = () => setT(fixedT);
    i18n.on('languageChanged', reset);
    return () => {
      i18n.off('languageChanged', reset);
    };
    // fixedT reads only what the dependencies name.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n, joined, keyPrefix]);

  return result(t, i18n, Boolean(i18n));
}
