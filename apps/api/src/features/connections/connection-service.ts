import type { ConnectionProvider } from '@journey/contracts';
import type { ProviderClient } from './provider-client';
import type { SecretBox } from './secret-box';

/** What the connections router needs: the sealing box, each provider's client, and the worker's bell. */
export interface ConnectionService {
  box: SecretBox;
  clients: Partial<Record<ConnectionProvider, ProviderClient>>;
  /** A sync was queued: start it now rather than at the worker's next look. */
  wake(): void;
}
