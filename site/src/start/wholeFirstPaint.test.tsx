/** @jest-environment node */
import { renderToStaticMarkup as markupOf } from 'react-dom/server';
import { PAGE_END_ID, pageEndElement, wholeFirstPaintLink } from './wholeFirstPaint';

describe('the whole first paint', () => {
  it('links the head to the element that ends the page, blocking the rendering until it is there', () => {
    expect(markupOf(wholeFirstPaintLink())).toBe(
      `<link rel="expect" href="#${PAGE_END_ID}" blocking="render"/>`,
    );
  });

  it('ends the page with an element of that id that shows nothing', () => {
    expect(markupOf(pageEndElement())).toBe(`<template id="${PAGE_END_ID}"></template>`);
  });
});
