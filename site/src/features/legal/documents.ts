// The shape of the privacy policy and the terms of use: which sections, in which order, and which
// paragraphs and lists each has. The words live in locales/<lang>/legal.json under
// `<document>.sections.<section id>.<block key>`; a test holds this outline and the English file
// to exactly the same keys, so a paragraph can be neither forgotten nor left unrendered.

/** The day both documents take effect (ISO date, shown formatted for the page's language). */
export const EFFECTIVE_DATE = '2026-11-01';

export type LegalDocumentId = 'privacy' | 'terms';

/** One piece of a section: a paragraph, or a bulleted list whose items are keys under `key`. */
export type LegalBlock =
  { kind: 'paragraph'; key: string } | { kind: 'list'; key: string; items: readonly string[] };

export interface LegalSection {
  /** The section's id on the page (the table of contents links to `#id`) and its key in JSON. */
  id: string;
  blocks: readonly LegalBlock[];
}

const p = (key: string): LegalBlock => ({ kind: 'paragraph', key });
const list = (key: string, items: readonly string[]): LegalBlock => ({ kind: 'list', key, items });

/** The points of the "in short" box at the top of each document (keys under `<document>.summary`). */
export const SUMMARY_KEYS = ['s1', 's2', 's3'] as const;

export const LEGAL_DOCUMENTS: Record<LegalDocumentId, readonly LegalSection[]> = {
  privacy: [
    { id: 'who-we-are', blocks: [p('p1'), p('p2')] },
    {
      id: 'data-we-collect',
      blocks: [
        p('p1'),
        list('items', ['account', 'profile', 'activity', 'chat', 'sessions', 'logs']),
        p('p2'),
      ],
    },
    {
      id: 'how-we-use-it',
      blocks: [
        p('p1'),
        list('items', ['account', 'codes', 'features', 'language', 'security', 'law']),
        p('p2'),
      ],
    },
    { id: 'legal-bases', blocks: [p('p1'), p('p2'), p('p3')] },
    { id: 'cookies', blocks: [p('p1'), list('items', ['cookie', 'token']), p('p2')] },
    {
      id: 'third-parties',
      blocks: [
        p('p1'),
        list('items', ['google', 'x', 'mail', 'market', 'assistant']),
        p('p2'),
        p('p3'),
      ],
    },
    { id: 'retention', blocks: [p('p1'), list('items', ['codes', 'tokens', 'logs'])] },
    { id: 'security', blocks: [p('p1'), p('p2'), p('p3')] },
    {
      id: 'your-rights',
      blocks: [
        p('p1'),
        list('items', ['access', 'correction', 'deletion', 'portability', 'objection', 'consent']),
        p('p2'),
        p('p3'),
        p('p4'),
      ],
    },
    { id: 'children', blocks: [p('p1')] },
    { id: 'changes', blocks: [p('p1')] },
    { id: 'contact', blocks: [p('p1'), p('p2')] },
  ],
  terms: [
    { id: 'acceptance', blocks: [p('p1'), p('p2')] },
    { id: 'the-service', blocks: [p('p1'), p('p2')] },
    { id: 'accounts', blocks: [p('p1'), p('p2'), p('p3')] },
    {
      id: 'acceptable-use',
      blocks: [
        p('p1'),
        list('items', ['law', 'access', 'load', 'abuse', 'malware', 'resale']),
        p('p2'),
      ],
    },
    {
      id: 'no-financial-advice',
      blocks: [p('p1'), list('items', ['volatile', 'demo', 'ai', 'sources']), p('p2')],
    },
    { id: 'availability', blocks: [p('p1'), p('p2')] },
    { id: 'intellectual-property', blocks: [p('p1'), p('p2'), p('p3')] },
    { id: 'liability', blocks: [p('p1'), p('p2')] },
    { id: 'termination', blocks: [p('p1'), p('p2')] },
    { id: 'changes', blocks: [p('p1')] },
    { id: 'governing-law', blocks: [p('p1')] },
    { id: 'contact', blocks: [p('p1')] },
  ],
};

/** Every translation key the outline of `document` uses, relative to the `legal` namespace. */
export function legalKeys(document: LegalDocumentId): string[] {
  const keys = [
    `${document}.title`,
    `${document}.intro`,
    ...SUMMARY_KEYS.map((key) => `${document}.summary.${key}`),
  ];
  for (const section of LEGAL_DOCUMENTS[document]) {
    const base = `${document}.sections.${section.id}`;
    keys.push(`${base}.title`);
    for (const block of section.blocks) {
      if (block.kind === 'paragraph') keys.push(`${base}.${block.key}`);
      else keys.push(...block.items.map((item) => `${base}.${block.key}.${item}`));
    }
  }
  return keys;
}
