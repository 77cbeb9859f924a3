import { AppShell, Badge, Box, Burger, Button, Group, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { useSession } from '../api/session';
import { roleLabel } from '../lib/roles';

const SECTIONS = [
  { to: '/overview', label: 'Overview' },
  { to: '/lookup', label: 'Look-up' },
  { to: '/merchants', label: 'Merchants' },
  { to: '/manufacturers', label: 'Manufacturers' },
  { to: '/plans', label: 'Plans and grants' },
  { to: '/firmware', label: 'Firmware' },
  { to: '/recordings', label: 'Recordings' },
  { to: '/events', label: 'Events' },
  { to: '/push', label: 'Push' },
  { to: '/maintenance', label: 'Maintenance' },
  { to: '/audit', label: 'Audit log' },
] as const;

/** The frame of every page: a header with who is signed in, the sections (a drawer below 768 px). */
export function Layout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure();
  const { current, signOut } = useSession();
  const { pathname } = useLocation();
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        {/* WCAG 2.4.1: keyboard users skip the header and the sections to the page itself. */}
        <a href="#page" className="skip-link">
          Skip to the page
        </a>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close the menu' : 'Open the menu'} />
            {/* Below 576 px the short name, so the role and "Sign out" fit from 360 px up. */}
            <Title order={1} size="h4" style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
              <Box component="span" visibleFrom="xs">
                Device Cloud console
              </Box>
              <Box component="span" hiddenFrom="xs">
                Console
              </Box>
            </Title>
          </Group>
          {current ? (
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              <Text size="sm" visibleFrom="xs" data-testid="signed-in-as">
                {current.session.name}
              </Text>
              <Badge color={current.session.role === 'full' ? 'blue' : 'gray'} variant="light" size="sm">
                {roleLabel(current.session.role)}
              </Badge>
              <Button size="xs" variant="default" onClick={signOut}>
                Sign out
              </Button>
            </Group>
          ) : null}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Sections">
        {SECTIONS.map((s) => (
          <NavLink
            key={s.to}
            component={RouterLink}
            to={s.to}
            label={s.label}
            active={pathname === s.to || pathname.startsWith(`${s.to}/`)}
            onClick={close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main id="page" tabIndex={-1}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
