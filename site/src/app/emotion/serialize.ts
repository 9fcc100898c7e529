// `@emotion/serialize` as the site's build has it (gatsby-node.ts): Emotion's own module, whose
// `serializeStyles` remembers what it made of each style object (rememberSerialized.ts).
import { serializeStyles as emotionSerializeStyles } from 'coinlens-emotion-serialize';
import { rememberSerialized } from './rememberSerialized';

export const serializeStyles = rememberSerialized(emotionSerializeStyles);
