import { useReducedMotion as useMantineReducedMotion } from '@mantine/hooks';

/** True when the visitor asked for less motion; false on the server and before hydration. */
export function useReducedMotion(): boolean {
  return useMantineReducedMotion(false, { getInitialValueInEffect: true });
}
