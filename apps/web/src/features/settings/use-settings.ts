import type { SettingsInput } from '@journey/contracts';
import { trpc } from '../../lib/trpc';

/** The owner's settings, every field, for the Site tab. */
export function useSettings() {
  return trpc.settings.get.useQuery();
}

/** Saves the whole record; every page's settings queries (name, story, legal pages) refetch after. */
export function useSaveSettings() {
  const utils = trpc.useUtils();
  return trpc.settings.update.useMutation({
    onSuccess: (saved) => {
      utils.settings.get.setData(undefined, saved);
      void utils.settings.invalidate();
    },
  });
}

export type SettingsFormValues = SettingsInput;
