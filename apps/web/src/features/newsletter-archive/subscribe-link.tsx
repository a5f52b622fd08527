import { Anchor, Box, Text } from '@mantine/core';
import classes from './archive.module.css';

/** The landing page's newsletter form: a full load, so the landing page opens at its section. */
const SUBSCRIBE = '/#contact';

/** Under the list and under every issue: where to sign up for the next one. */
export function SubscribeLink() {
  return (
    <Box className={classes.subscribe}>
      <Text>
        Want the next one in your inbox?{' '}
        <Anchor href={SUBSCRIBE} fw={600}>
          Subscribe to the newsletter
        </Anchor>
      </Text>
    </Box>
  );
}
