import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';

const FILE_NAME = 'recovery-codes.txt';

/** The codes as a text file: one a line, after a line saying what they are. */
const asText = (codes: readonly string[], siteName: string) =>
  [
    `Recovery codes for ${siteName}. Each signs in once, in place of a code from the app.`,
    '',
    ...codes,
    '',
  ].join('\n');

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: FILE_NAME });
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The ten recovery codes, shown this once (docs/decisions/086-one-time-codes.md): the server keeps only
 * their hashes. Copy or download them, then 'Done'.
 */
export function RecoveryCodes(props: { codes: readonly string[]; siteName: string; onDone: () => void }) {
  const text = asText(props.codes, props.siteName);
  return (
    <Stack>
      <Alert color="green" variant="light" title="Two-factor authentication is on">
        Your other sessions were signed out. Save these recovery codes somewhere safe, apart from your phone:
        each signs you in once if you lose the app. They are not shown again.
      </Alert>
      <List
        aria-label="Recovery codes"
        listStyleType="none"
        ff="monospace"
        spacing={4}
        styles={{ root: { columnWidth: '17rem', columnGap: 'var(--mantine-spacing-lg)' } }}
      >
        {props.codes.map((code) => (
          <List.Item key={code}>
            <Text ff="monospace" size="sm" component="span">
              {code}
            </Text>
          </List.Item>
        ))}
      </List>
      <Group justify="space-between">
        <Group gap="xs">
          <CopyButton value={text} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => download(text)}
          >
            Download
          </Button>
        </Group>
        <Button onClick={props.onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
