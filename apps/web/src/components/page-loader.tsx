import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center h="100vh">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}
