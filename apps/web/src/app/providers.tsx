import { TOAST_DURATION_MS, TOAST_LIMIT } from '@journey/contracts';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { createTrpcClient, trpc } from '../lib/trpc';
import { cssVariablesResolver, theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <Notifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} position="bottom-right" />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
