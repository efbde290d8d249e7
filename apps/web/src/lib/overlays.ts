import type { DialogAlertProps, DialogConfirmProps } from 'antd-mobile/es/components/dialog';
import type { ToastShowProps } from 'antd-mobile/es/components/toast';
import { TOAST_DURATION_MS } from './theme.ts';

/**
 * antd-mobile's imperative Toast and Dialog, loaded on first use: they bring the library's animation engine, which a
 * first visit to a page does not need before it shows its first message. Same calls as antd-mobile's.
 */
type ToastApi = typeof import('antd-mobile/es/components/toast').default;
type DialogApi = typeof import('antd-mobile/es/components/dialog').default;

let toastApi: Promise<ToastApi> | null = null;
let dialogApi: Promise<DialogApi> | null = null;

function loadToast(): Promise<ToastApi> {
  toastApi ??= import('antd-mobile/es/components/toast').then(({ default: toast }) => {
    toast.config({ duration: TOAST_DURATION_MS });
    return toast;
  });
  return toastApi;
}

function loadDialog(): Promise<DialogApi> {
  dialogApi ??= import('antd-mobile/es/components/dialog').then((module) => module.default);
  return dialogApi;
}

export const Toast = {
  show(props: ToastShowProps | string): void {
    void loadToast().then((toast) => toast.show(props));
  },
  clear(): void {
    void loadToast().then((toast) => toast.clear());
  },
};

export const Dialog = {
  confirm: (props: DialogConfirmProps): Promise<boolean> => loadDialog().then((dialog) => dialog.confirm(props)),
  alert: (props: DialogAlertProps): Promise<void> => loadDialog().then((dialog) => dialog.alert(props)),
};
