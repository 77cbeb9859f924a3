import { useCallback, useState } from 'react';

/**
 * One change the operator starts (a form's submit, a dialog's confirm): whether it is under way and what the
 * platform refused. `run` resolves true when the action went through, false when it was refused (the refusal
 * is in `error`, shown by a ProblemAlert).
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = useCallback(async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      return true;
    } catch (err) {
      setError(err);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  const reset = useCallback(() => setError(undefined), []);
  return { busy, error, run, reset };
}
