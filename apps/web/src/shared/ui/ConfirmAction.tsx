import { App, Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';

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
 * and toasts the server's message.
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
  return (
    <Popconfirm
      title={title}
      okButtonProps={danger || disabled ? { danger, disabled } : undefined}
      onConfirm={async () => {
        const result = await (closeOnError ? run().catch(() => null) : run());
        if (!result) return;
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
