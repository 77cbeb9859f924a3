import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ProblemAlert } from './ProblemAlert';

interface ConfirmButtonProps extends ButtonProps {
  /** What the button says. */
  children: ReactNode;
  title: string;
  /** What will happen, in words, before the operator confirms. */
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
}

/** A change that needs a second, deliberate click: the dialog says what will happen and shows a refusal. */
export function ConfirmButton({ children, title, message, confirmLabel, onConfirm, ...buttonProps }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
      setOpen(false);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button {...buttonProps} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} centered>
        <Stack>
          <Text size="sm">{message}</Text>
          <ProblemAlert error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button color={buttonProps.color ?? 'red'} loading={busy} onClick={confirm}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
