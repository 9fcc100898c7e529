export { CodeInput, CODE_LENGTH } from './CodeInput';
export type { CodeInputProps } from './CodeInput';
export { codeInputRecipe } from './CodeInput.recipe';
