export { Toaster } from './Toast';
export type { ToasterProps } from './Toast';
export { createToaster, toaster, TOAST_DURATION } from './toaster';
export type {
  CreateToasterOptions,
  ToastData,
  ToasterStore,
  ToastOptions,
  ToastType,
} from './toaster';
export { toastRecipe } from './Toast.recipe';
