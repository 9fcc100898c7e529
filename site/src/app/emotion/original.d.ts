// The name under which the site's build imports Emotion's own `@emotion/serialize` (gatsby-node.ts).
declare module 'coinlens-emotion-serialize' {
  export { serializeStyles } from '@emotion/serialize';
}
