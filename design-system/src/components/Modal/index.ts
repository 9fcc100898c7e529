export { Modal } from './Modal';
export type { ModalProps, ModalWidth } from './Modal';
export { modalRecipe } from './Modal.recipe';
