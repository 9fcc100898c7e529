// A page's first paint shows the whole page, never the part of its HTML parsed so far.
//
// A browser paints a document while it is still parsing it: when the rest of the HTML has not
// arrived yet (a slow network), or when the parser stops to let it paint (a busy phone). What was
// painted then moves when the rest comes: the home page's example panel grew by its last rows and
// the heading beside it, centred on it, went down 59 px; the header's controls moved left as its
// "Log in" came. Both are layout shifts, which CLS counts and the site allows none of.
//
// `<link rel="expect" href="#id" blocking="render">` in the head keeps the browser from rendering
// until the element with that id is in the document (Chromium 124 and later; other browsers ignore
// it and paint as before). Chromium stops waiting once the element's start tag is parsed, not its
// end tag, so the element it waits for is an empty one after the page's markup. Where that element
// never comes, the browser renders once the document is parsed. The cost is the parse of the rest
// of one page of HTML (at most 20 KB gzipped) before the first paint.

/** The id of the element that ends every page's markup, which the first paint waits for. */
export const PAGE_END_ID = 'page-end';

/** The head's link that holds the first paint until the page's markup has been parsed. */
export function wholeFirstPaintLink() {
  return <link key="whole-first-paint" rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />;
}

/**
 * The element after the page's markup (a template renders nothing and takes no space). It is
 * outside the page's root, so that hydration never meets it.
 */
export function pageEndElement() {
  return <template key={PAGE_END_ID} id={PAGE_END_ID} />;
}
