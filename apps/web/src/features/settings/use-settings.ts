import type { SettingsInput } from '@journey/contracts';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';

/** The owner's settings, every field, for the Site tab. */
export function useSettings() {
  return trpc.settings.get.useQuery();
}

/**
 * Saves the whole record; every read of the settings (name, story, legal pages, the forecast's target
 * month) refetches after. The form takes the saved record from the answer.
 */
export function useSaveSettings() {
  return trpc.settings.update.useMutation({ onSuccess: useRefreshAfterWrite('settings') });
}

export type SettingsFormValues = SettingsInput;
