/** A font file imported for its URL (webpack emits it under /static/). */
declare module '*.woff2' {
  const url: string;
  export default url;
}
