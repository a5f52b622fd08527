import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconChartBar } from '@tabler/icons-react';
import { useSite } from '../../lib/site-context';
import classes from './hero-section.module.css';

export function HeroSection() {
  const { productName } = useSite();
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <div className={classes.grid} aria-hidden="true" />
      <Container size="lg" pos="relative">
        <Stack gap="xl" className={classes.enter}>
          <span className={classes.eyebrow}>Building in public · $0 → $1B</span>
          {/* One text node, so the server HTML holds the spec's sentence verbatim. */}
          <Title order={1} id="hero-title" className={classes.title}>
            {`This is the moment I decided to become the first solo AI-powered ${productName}.`}
          </Title>
          <Text className={classes.subtext}>
            Using artificial intelligence to level the playing field and build an empire of one.
          </Text>
          <Group gap="md">
            <Button component="a" href="#journey" size="lg" radius="xl" color="violet.4" c="dark.9">
              Begin The Journey
            </Button>
            <Button
              component="a"
              href="#tracker"
              size="lg"
              radius="xl"
              variant="outline"
              color="gray.0"
              leftSection={<IconChartBar size={20} aria-hidden />}
            >
              View Tracker
            </Button>
          </Group>
        </Stack>
      </Container>
      <a href="#tracker" className={classes.scrollHint}>
        <span>Scroll to explore</span>
        <IconArrowDown size={18} aria-hidden />
      </a>
    </Box>
  );
}
