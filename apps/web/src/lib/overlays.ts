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
let prepare: (() => Promise<void>) | null = null;
let prepared: Promise<void> | null = null;

/** What must be done before the first toast or dialog shows (the app sets the library's React 19 renderer). */
export function beforeFirstOverlay(step: () => Promise<void>): void {
  prepare = step;
}
const ready = () => (prepared ??= prepare ? prepare() : Promise.resolve());

function loadToast(): Promise<ToastApi> {
  toastApi ??= Promise.all([import('antd-mobile/es/components/toast'), ready()]).then(([{ default: toast }]) => {
    toast.config({ duration: TOAST_DURATION_MS });
    return toast;
  });
  return toastApi;
}

function loadDialog(): Promise<DialogApi> {
  dialogApi ??= Promise.all([import('antd-mobile/es/components/dialog'), ready()]).then(([module]) => module.default);
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
