import { type ModalFuncProps, message as staticMessage, Modal as staticModal } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

type ConfirmOnly = { confirm: (props: ModalFuncProps) => unknown };

/**
 * Toasts and confirms for code outside components (http client, guard). The App component
 * hands in antd's context-aware instances so they follow the theme and locale; until then
 * (and in unit tests) the static functions are used.
 */
let messageApi: MessageInstance = staticMessage;
let modalApi: ConfirmOnly = staticModal;

export function bindFeedback(message: MessageInstance, modal: ConfirmOnly): void {
  messageApi = message;
  modalApi = modal;
}

export const feedback = {
  message: () => messageApi,
  modal: () => modalApi,
};
