import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';

export interface FilterField<F extends string> {
  readonly name: F;
  readonly label: string;
  readonly placeholder?: string;
  readonly required?: boolean;
}

interface FilterFormProps<F extends string> {
  readonly fields: readonly FilterField<F>[];
  /** The filters in force (the address); the boxes start from them. */
  readonly values: Readonly<Record<F, string>>;
  /** Sends every box at once (one address change). */
  readonly onApply: (values: Record<F, string>) => void;
  readonly buttonLabel?: string;
}

/**
 * Text filters of a list, sent together by one button or Enter. Render it keyed by `filterKey(values)`, so Back
 * and Forward (another address) start the boxes from the filters in force again.
 */
export function FilterForm<F extends string>({ fields, values, onApply, buttonLabel = 'Filter' }: FilterFormProps<F>) {
  const [text, setText] = useState<Record<F, string>>({ ...values });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onApply(text);
      }}
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        {fields.map((f) => (
          <TextInput key={f.name} label={f.label} placeholder={f.placeholder} required={f.required} value={text[f.name]} onChange={(e) => setText({ ...text, [f.name]: e.currentTarget.value })} />
        ))}
        <Button type="submit" variant="default">
          {buttonLabel}
        </Button>
      </Group>
    </form>
  );
}

/** A key that changes whenever the filters in force change. */
export const filterKey = (values: Readonly<Record<string, string>>): string => JSON.stringify(values);
