import { Blockquote, Box, Container, Grid, Stack } from '@mantine/core';
import { MarkdownContent } from '../../components/markdown-content';
import { SectionHeading } from '../../components/section-heading';
import { trpc } from '../../lib/trpc';
import classes from './story-section.module.css';

/** 'The Spark': the owner's story, a leading quote set apart beside the heading. */
export function StorySection() {
  // Answered by the server with the page (routes.ts): no loading state to show.
  const { data: story } = trpc.settings.story.useQuery();
  return (
    <Box
      component="section"
      id="journey"
      aria-labelledby="journey-title"
      py={{ base: 64, sm: 96 }}
      bg="var(--journey-surface-muted)"
    >
      <Container size="lg">
        <Grid gap={{ base: 32, md: 64 }}>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg" pos={{ md: 'sticky' }} top={96}>
              <SectionHeading id="journey-title" eyebrow="The story" title="The Spark" />
              {story?.quoteHtml && (
                <Blockquote color="violet" className={classes.quote}>
                  <MarkdownContent html={story.quoteHtml} />
                </Blockquote>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <MarkdownContent html={story?.bodyHtml ?? ''} fz="lg" lh={1.75} className={classes.body} />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
