import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import { LOCALES } from '../../i18n/locales';
import { EFFECTIVE_DATE, LEGAL_DOCUMENTS, legalKeys, type LegalDocumentId } from './documents';
import { LegalDocument, formatLegalDate } from './LegalDocument';
import { flatStrings, loadStrings, renderWithLocale } from '../../testing/renderWithLocale';

jest.mock('gatsby', () => jest.requireActual('../../testing/gatsbyStub'));

const en = flatStrings(loadStrings('en', 'legal'));
const DOCUMENTS: LegalDocumentId[] = ['privacy', 'terms'];

describe('the legal outline', () => {
  it('uses exactly the keys of legal.json, no more and no fewer', () => {
    const documentKeys = DOCUMENTS.flatMap(legalKeys);
    const shared = Object.keys(en).filter((key) => !/^(privacy|terms)\./.test(key));
    expect([...documentKeys, ...shared].sort()).toEqual(Object.keys(en).sort());
    expect(new Set(documentKeys).size).toBe(documentKeys.length);
  });

  it.each([
    ['en', 'November 1, 2026'],
    ['zh', '2026年11月1日'],
    ['pt-br', '1 de novembro de 2026'],
  ] as const)('writes the effective date in %s as %s', (locale, expected) => {
    expect(formatLegalDate(EFFECTIVE_DATE, locale)).toBe(expected);
  });

  it.each([
    ['en', 'March 9, 2027'],
    ['zh', '2027年3月9日'],
    ['pt-br', '9 de março de 2027'],
  ] as const)('writes another date in %s as %s', (locale, expected) => {
    expect(formatLegalDate('2027-03-09', locale)).toBe(expected);
  });
});

describe.each(DOCUMENTS)('the %s page', (document) => {
  it('has one h1, the effective date and a section (h2) for every part', () => {
    renderWithLocale(<LegalDocument document={document} />, { originalPath: `/${document}/` });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en[`${document}.title`]!);
    expect(screen.getByText('Effective date: November 1, 2026')).toHaveAttribute(
      'datetime',
      '2026-11-01',
    );
    for (const section of LEGAL_DOCUMENTS[document]) {
      expect(
        screen.getByRole('heading', {
          level: 2,
          name: en[`${document}.sections.${section.id}.title`],
        }),
      ).toBeInTheDocument();
    }
  });

  it('has a table of contents whose links lead to its sections', () => {
    renderWithLocale(<LegalDocument document={document} />);
    const toc = screen.getByRole('navigation', { name: en.contents });
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      LEGAL_DOCUMENTS[document].map((section) => `#${section.id}`),
    );
    for (const link of links) {
      const heading = screen.getByRole('heading', { level: 2, name: link.textContent ?? '' });
      expect(link).toHaveAttribute('href', `#${heading.id}`);
    }
  });

  it('leads back home and to the other document', () => {
    renderWithLocale(<LegalDocument document={document} />, { locale: 'pt-br' });
    const pt = flatStrings(loadStrings('pt-br', 'legal'));
    const other = document === 'privacy' ? 'terms' : 'privacy';
    for (const back of screen.getAllByRole('link', { name: pt.backHome })) {
      expect(back).toHaveAttribute('href', '/pt-br/');
    }
    expect(screen.getByRole('link', { name: pt[`seeAlso.${other}`] })).toHaveAttribute(
      'href',
      `/pt-br/${other}/`,
    );
  });

  it('stays within the mobile site in its mobile variant', () => {
    renderWithLocale(<LegalDocument document={document} variant="mobile" />, { locale: 'zh' });
    const zh = flatStrings(loadStrings('zh', 'legal'));
    const other = document === 'privacy' ? 'terms' : 'privacy';
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(zh[`${document}.title`]!);
    for (const back of screen.getAllByRole('link', { name: zh.backMobile })) {
      expect(back).toHaveAttribute('href', '/zh/mobile/');
    }
    expect(screen.getByRole('link', { name: zh[`seeAlso.${other}`] })).toHaveAttribute(
      'href',
      `/zh/mobile/${other}/`,
    );
    expect(screen.getByRole('navigation', { name: zh.contents })).toBeInTheDocument();
  });

  it.each(['zh', 'pt-br'] as const)('speaks %s throughout, with no English left', (locale) => {
    const { container: page } = renderWithLocale(<LegalDocument document={document} />, {
      locale,
    });
    const { container: mobile } = renderWithLocale(
      <LegalDocument document={document} variant="mobile" />,
      { locale },
    );
    const text = `${page.textContent ?? ''}\n${mobile.textContent ?? ''}`;
    const own = flatStrings(loadStrings(locale, 'legal'));
    for (const key of legalKeys(document)) expect(text).toContain(own[key]);
    for (const [key, english] of Object.entries(en)) {
      const shown = english.replace('{{date}}', formatLegalDate(EFFECTIVE_DATE, 'en'));
      expect([key, text.includes(shown)]).toEqual([key, false]);
    }
    expect(text).not.toMatch(/\b(privacy|terms)\.(sections|summary|title|intro)/);
  });
});

describe('the privacy policy', () => {
  it.each(LOCALES)('names the locale cookie and the token storage in %s', (locale) => {
    renderWithLocale(<LegalDocument document="privacy" />, { locale });
    expect(screen.getByText(/i18n_redirected/)).toHaveTextContent('365');
    expect(screen.getAllByText(/(^|\s)token(\s|$)/).length).toBeGreaterThan(0);
  });
});
