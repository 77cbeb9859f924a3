import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type PartError, isPartError, partProblem } from '../lib/parts';
import { ProblemError } from '../lib/problem';
import { ProblemAlert } from './ProblemAlert';

/** One part of a composed view: its content, or the platform's error when its service did not answer. */
export function Part<P extends object>({ title, part, children }: { title: string; part: P; children: (value: Exclude<P, PartError>) => ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {isPartError(part) ? <ProblemAlert error={new ProblemError(partProblem(part))} title={`${title}: not available`} /> : children(part as Exclude<P, PartError>)}
      </Stack>
    </Card>
  );
}
