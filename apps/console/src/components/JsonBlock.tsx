import { Code } from '@mantine/core';

/** A payload as indented JSON, wrapping rather than overflowing a narrow screen. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <Code block aria-label={label} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 320, overflow: 'auto' }} tabIndex={0}>
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}
