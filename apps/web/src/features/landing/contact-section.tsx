import { Anchor, Box, Container, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandX, IconMail, IconMicrophone } from '@tabler/icons-react';
import { useSite, type SiteInfo } from '../../lib/site-context';
import { SectionHeading } from '../../components/section-heading';
import { NewsletterForm } from '../subscribers/newsletter-form';

/** The 'Connect Directly' cards whose address the owner has set; the others are not shown. */
function channelsOf(site: SiteInfo) {
  const channels = [
    {
      icon: IconMail,
      title: 'Email',
      detail: 'Ideas, partnerships, hard questions',
      link: 'Write to me',
      href: site.contactEmail && `mailto:${site.contactEmail}`,
    },
    {
      icon: IconBrandX,
      title: 'Twitter',
      detail: 'Daily notes from the build',
      link: 'Follow along',
      href: site.links.twitter,
    },
    {
      icon: IconMicrophone,
      title: 'Podcast',
      detail: 'Monthly deep dives on what worked',
      link: 'Listen in',
      href: site.links.podcast,
    },
  ];
  return channels.filter((channel) => channel.href !== '');
}

/** 'Join The Journey': the newsletter and the ways to reach the founder. */
export function ContactSection() {
  const channels = channelsOf(useSite());
  return (
    <Box component="section" id="contact" aria-labelledby="contact-title" py={{ base: 64, sm: 96 }}>
      <Container size="lg">
        <Stack gap={40}>
          <SectionHeading id="contact-title" eyebrow="Contact" title="Join The Journey">
            Get the numbers, the lessons and the failures in your inbox, or reach out directly.
          </SectionHeading>
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: channels.length > 0 ? 6 : 12 }}>
              <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} h="100%">
                <Title order={3} fz="xl">
                  Stay Updated
                </Title>
                <Text c="dimmed" mt={4} mb="lg">
                  One short email when something real happens. No spam, ever.
                </Text>
                <NewsletterForm />
              </Paper>
            </Grid.Col>
            {channels.length > 0 && (
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Stack gap="md" h="100%">
                  <Title order={3} fz="xl">
                    Connect Directly
                  </Title>
                  {channels.map((channel) => (
                    <Paper key={channel.title} withBorder radius="lg" p="lg">
                      <Group wrap="nowrap" gap="md">
                        <ThemeIcon size={44} radius="md" variant="light" color="violet">
                          <channel.icon size={22} aria-hidden />
                        </ThemeIcon>
                        <div style={{ flex: 1 }}>
                          <Text fw={700}>{channel.title}</Text>
                          <Text size="sm" c="dimmed">
                            {channel.detail}
                          </Text>
                        </div>
                        <Anchor href={channel.href} fw={600} size="sm">
                          {channel.link}
                        </Anchor>
                      </Group>
                    </Paper>
                  ))}
                </Stack>
              </Grid.Col>
            )}
          </Grid>
        </Stack>
      </Container>
    </Box>
  );
}
