import { serverFieldErrors } from '../lib/trpc';
import { notifyError, notifySuccess } from './notify';

/** What a form learns from its submit: saved (reset the form) or not (keep the input, show field errors). */
export type SubmitOutcome = { saved: true } | { saved: false; errors: Record<string, string> };

export interface SaveMessages {
  success: string;
  successDetail?: string;
  failure: string;
}

/**
 * Runs a save with the spec's toasts (docs/product.md#messages): the success toast and `onSaved`, or
 * the destructive 'Error' toast, the error in the console, and the server's field messages.
 */
export async function saveWithToasts(
  save: () => Promise<unknown>,
  messages: SaveMessages,
  onSaved: () => void,
): Promise<SubmitOutcome> {
  try {
    await save();
    notifySuccess(messages.success, messages.successDetail);
    onSaved();
    return { saved: true };
  } catch (error) {
    console.error(error);
    notifyError('Error', messages.failure);
    return { saved: false, errors: serverFieldErrors(error) };
  }
}

/** A form's submit handler: save, then reset the form or show the server's field messages. */
export function applyOutcome<V>(
  form: { reset: () => void; setErrors: (errors: Record<string, string>) => void },
  submit: (values: V) => Promise<SubmitOutcome>,
) {
  return async (values: V) => {
    const outcome = await submit(values);
    if (outcome.saved) form.reset();
    else form.setErrors(outcome.errors);
  };
}
