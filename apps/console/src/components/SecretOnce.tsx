import { ActionIcon, Alert, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';

/** A secret the platform shows only in this answer (clientSecret, delKey): copy it now or rotate it later. */
export function SecretOnce({ label, value }: { label: string; value: string }) {
  return (
    <Alert color="yellow" variant="light" title={`${label}: shown once`}>
      <Text size="sm" mb="xs">
        Copy it now and hand it over safely. The platform keeps it encrypted and never shows it again; if it is lost, rotate it.
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code data-testid="secret" style={{ wordBreak: 'break-all' }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : `Copy the ${label}`}>
              <ActionIcon variant="filled" color={copied ? 'teal' : 'blue'} onClick={copy} aria-label={`Copy the ${label}`}>
                {copied ? '✓' : '⧉'}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Alert>
  );
}
