import type { Control, FieldValues, UseFormReturn } from 'react-hook-form';

/** Shows (or, with null, hides) the message a {@link RuleForm} draws above its fields. */
type ShowFormMessage = (message: string | null) => void;

/*
 * Why not react-hook-form's own `setError('root.…')`: it marks the whole form invalid until the next edit, so the
 * submit button would stay disabled and a failed request (the network, 'Please try again') could not be sent
 * again as it is. The message is the form's, not a rule's: the RuleForm that draws it registers here.
 */
const shownBy = new WeakMap<Control<never>, ShowFormMessage>();

/** Called by RuleForm while it is mounted, so {@link showFormMessage} reaches it. */
export function registerFormMessage(control: Control<never>, show: ShowFormMessage): () => void {
  shownBy.set(control, show);
  return () => {
    if (shownBy.get(control) === show) shownBy.delete(control);
  };
}

/**
 * Shows a message for the whole form above its fields (role 'alert'), until the next submit.
 * @example showFormMessage(form, error.message)
 */
export function showFormMessage<V extends FieldValues>(form: UseFormReturn<V>, message: string | null): void {
  shownBy.get(form.control as unknown as Control<never>)?.(message);
}
