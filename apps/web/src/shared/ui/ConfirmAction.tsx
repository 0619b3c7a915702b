import { App, Button, Popconfirm } from 'antd';
import { type ReactNode, useRef, useState } from 'react';

export type ConfirmActionProps = {
  /** The question the confirmation asks. */
  title: ReactNode;
  /** The link button's label. */
  label: ReactNode;
  /** The call to make once confirmed; its answer's message is shown as a success toast. */
  run: () => Promise<{ message: string }>;
  /** After the toast (e.g. close an editor showing the removed row). */
  onDone?: () => void;
  danger?: boolean;
  /** Confirmation offered but not allowed (the title says why). */
  disabled?: boolean;
  /**
   * A refusal closes the confirmation (the http client has already shown the server's words);
   * without it the confirmation stays open on failure.
   */
  closeOnError?: boolean;
};

/**
 * A row action of a list page: a link button behind a Popconfirm; confirming runs the mutation
 * and toasts the server's message. A refusal is never rethrown: the http client has shown it,
 * and a rejected promise would reach the page's error log as an uncaught error.
 */
export function ConfirmAction({
  title,
  label,
  run,
  onDone,
  danger = false,
  disabled = false,
  closeOnError = false,
}: ConfirmActionProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  // Popconfirm closes itself once onConfirm settles; a failure that should keep it open says so here.
  const keepOpen = useRef(false);
  return (
    <Popconfirm
      title={title}
      open={open}
      onOpenChange={(next) => {
        if (!next && keepOpen.current) {
          keepOpen.current = false;
          return;
        }
        setOpen(next);
      }}
      okButtonProps={danger || disabled ? { danger, disabled } : undefined}
      onConfirm={async () => {
        let result: { message: string };
        try {
          result = await run();
        } catch {
          keepOpen.current = !closeOnError;
          return;
        }
        message.success(result.message);
        onDone?.();
      }}
    >
      <Button type="link" size="small" danger={danger}>
        {label}
      </Button>
    </Popconfirm>
  );
}
