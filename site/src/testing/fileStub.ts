// What a font file import is in Jest: webpack gives the built site its URL under /static/.
export default '/static/font.woff2';
