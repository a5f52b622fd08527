import { Blockquote, Box, Container, Grid, Stack, Text } from '@mantine/core';
import { useSite } from '../../app/site-context';
import { SectionHeading } from '../../components/section-heading';

/** 'The Spark': why a solo founder set out to build a billion-dollar company with AI. */
export function StorySection() {
  const { productName } = useSite();
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
              <Blockquote
                color="violet"
                cite="— a note to myself, 2:14 a.m."
                // Mantine fades the citation to 60 %: under 4.5:1 on the tinted quote in the dark scheme.
                styles={{ cite: { opacity: 1, color: 'var(--mantine-color-dimmed)' } }}
              >
                The tools finally outgrew the team. What if the company is just me, and everything else is
                leverage?
              </Blockquote>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg" fz="lg" lh={1.75}>
              <Text inherit>
                It started on an ordinary Tuesday, with a pull request I did not write. I had asked an AI
                model to fix a flaky payment webhook in a side project, went to make coffee, and came back to
                a tested, documented fix that was better than the one I had planned. I sat there longer than I
                would like to admit. For ten years I had believed that building something big meant hiring
                fast, raising money and managing people. That morning the belief cracked.
              </Text>
              <Text inherit>
                So I did the math that founders are told not to do. A company is a bundle of jobs: writing,
                design, support, sales, research, bookkeeping, code. Each of those jobs now has an assistant
                that works at the speed of thought and never sleeps. One person with judgement and taste,
                directing a fleet of models, could run dozens of small products at once. Most would fail. A
                few would not. And the ones that worked would compound.
              </Text>
              <Text inherit>
                The goal is deliberately absurd: one billion dollars of revenue, built by one human. Not a
                valuation, not a fundraising headline: revenue, earned from customers. The first solo
                AI-powered {productName}. It might take a decade. It might not happen at all. But the attempt
                itself is the most interesting experiment I can imagine, and I want it on the record.
              </Text>
              <Text inherit>
                That is why this site exists. Every dollar is logged in the tracker above, every win and every
                faceplant lands on the timeline below, and every experiment in the lab is open for you to
                watch. No team page, because there is no team. Just the work, in public, from day one.
              </Text>
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
