import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { ProblemAlert } from './ProblemAlert';
import { useAction } from './useAction';

interface FormDialogProps {
  readonly title: string;
  readonly opened: boolean;
  readonly onClose: () => void;
  /** The button that sends the form ("Create merchant"). */
  readonly submitLabel: string;
  /** Sends the form; the dialog closes when it resolves, and shows the platform's refusal when it throws. */
  readonly onSubmit: () => Promise<unknown>;
  readonly size?: string;
  readonly children: ReactNode;
}

/** A form in a dialog: its fields, the refusal if any ("Not saved" with the platform's code), Cancel and submit. */
export function FormDialog({ title, opened, onClose, submitLabel, onSubmit, size, children }: FormDialogProps) {
  const { busy, error, run, reset } = useAction();
  const close = () => {
    reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await run(onSubmit)) close();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} size={size}>
      <form onSubmit={submit}>
        <Stack>
          {children}
          <ProblemAlert error={error} title="Not done" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
