import { AlertDialog } from 'radix-ui';
import { useDialogFocus } from '../../lib/dialog-focus.ts';
import { buttonClasses } from './button.tsx';

export type ConfirmDialogViewProps = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  destructive: boolean;
  onSettle: (ok: boolean) => void;
};

/**
 * The popup itself (Radix alert dialog: focus trapped, "Cancel" focused on open, Escape cancels);
 * on close the focus goes back to the element that opened it (lib/dialog-focus.ts). Loaded on first use.
 */
export default function ConfirmDialogView(props: ConfirmDialogViewProps) {
  const focus = useDialogFocus();
  return (
    <AlertDialog.Root open={props.open} onOpenChange={(open) => !open && props.onSettle(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-brand-900">
            {props.title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            {props.message}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses({ variant: 'outline' })}>
              {props.cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClasses({ variant: props.destructive ? 'danger' : 'primary' })}
              onClick={() => props.onSettle(true)}
            >
              {props.confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
