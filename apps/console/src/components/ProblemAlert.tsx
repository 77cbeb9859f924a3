import { Alert, Code, Text } from '@mantine/core';
import { type Problem, problemFromThrown } from '../lib/problem';

/** An error as the platform stated it: its code first, then its text. */
export function ProblemAlert({ error, title = 'The platform refused' }: { error: unknown; title?: string }) {
  if (!error) return null;
  const problem: Problem = problemFromThrown(error);
  return (
    <Alert color="red" variant="light" title={title} role="alert" data-testid="problem">
      <Text size="sm">
        <Code>{problem.code}</Code> {problem.text}
      </Text>
    </Alert>
  );
}
