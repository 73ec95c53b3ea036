import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../lib/i18n.ts';

export type ConfirmOptions = {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A confirm that throws something away is shown in red. */
  destructive?: boolean;
};

type ConfirmFn = (opts: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<ConfirmFn>(async () => false);

// The dialog (Radix) is not needed for the first paint; it loads the first time it opens.
const ConfirmDialogView = lazy(() => import('./confirm-dialog-view.tsx'));

/**
 * spec 2: a confirmation popup with cancel and confirm buttons. `useConfirm()` opens it and
 * resolves true on confirm, false on cancel or Escape; focus stays trapped inside while open and
 * returns to the element that opened it on close (or follows the new page when the confirm left it).
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<ConfirmOptions | null>(null);
  const [used, setUsed] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback<ConfirmFn>((opts) => {
    resolver.current?.(false);
    setUsed(true);
    setCurrent(opts);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setCurrent(null);
  }, []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <ConfirmDialogView
            open={current !== null}
            title={current?.title ?? ''}
            message={current?.message ?? ''}
            confirmLabel={current?.confirmLabel ?? t('confirm.confirm')}
            cancelLabel={current?.cancelLabel ?? t('confirm.cancel')}
            destructive={current?.destructive ?? false}
            onSettle={settle}
          />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): ConfirmFn {
  return useContext(ConfirmContext);
}
