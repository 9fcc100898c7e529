export { Logo, monogramOf } from './Logo';
export type { LogoProps } from './Logo';
