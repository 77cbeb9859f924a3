import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ProblemAlert } from './ProblemAlert';
import { useAction } from './useAction';

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
  const { busy, error, run, reset } = useAction();
  const close = () => {
    reset();
    setOpen(false);
  };
  const confirm = async () => {
    if (await run(onConfirm)) setOpen(false);
  };
  return (
    <>
      <Button {...buttonProps} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Modal opened={open} onClose={close} title={title} centered>
        <Stack>
          <Text size="sm">{message}</Text>
          <ProblemAlert error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
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
