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
    // The form takes the saved record from the answer; the reads refetch once, not twice.
    // The forecast aims at the target month saved here.
    onSuccess: () => Promise.all([utils.settings.invalidate(), utils.revenue.metrics.invalidate()]),
  });
}

export type SettingsFormValues = SettingsInput;
