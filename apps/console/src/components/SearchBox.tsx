import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';

/** A text filter of a list: sent to the server when the operator presses Enter or the button. */
export function SearchBox({ label, value, onSearch, buttonLabel = 'Search', placeholder }: { label: string; value: string; onSearch: (value: string) => void; buttonLabel?: string; placeholder?: string }) {
  const [text, setText] = useState(value);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text);
      }}
    >
      <Group gap="xs" align="flex-end">
        <TextInput label={label} placeholder={placeholder} value={text} onChange={(e) => setText(e.currentTarget.value)} />
        <Button type="submit" variant="default">
          {buttonLabel}
        </Button>
      </Group>
    </form>
  );
}
