export { AlertForm } from './AlertForm';
export type {
  AlertFormAlert,
  AlertFormLabels,
  AlertFormProps,
  AlertFormSubject,
} from './AlertForm';
export { validateAlertForm } from './validateAlertForm';
export type {
  AlertFormError,
  AlertFormErrors,
  AlertFormField,
  AlertFormInput,
  AlertFormResult,
  AlertFormValues,
  ValidateAlertFormOptions,
} from './validateAlertForm';
export { alertFormRecipe } from './AlertForm.recipe';
