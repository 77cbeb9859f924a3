import { Group, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';

/** The page's one h2 (h1 is the console's name in the header), what it is for, and its main actions. */
export function PageHeader({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  // Each page has its own title (WCAG 2.4.2): tabs, history and screen readers tell pages apart.
  useEffect(() => {
    document.title = `${title} · Device Cloud console`;
  }, [title]);
  return (
    <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
      {/* A title with a long openId or clientId wraps anywhere rather than widening the page (360 px). */}
      <div style={{ minWidth: 0, maxWidth: '100%' }}>
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed" maw={720}>
            {description}
          </Text>
        ) : null}
      </div>
      {children ? <Group gap="xs">{children}</Group> : null}
    </Group>
  );
}
