// A modal dialog: labelled, focus moves into it on open and back on close, Escape closes it.
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

export function Dialog({ title, onClose, children }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('input, select, button:not([data-close])');
    (first ?? ref.current)?.focus();
    return () => previous?.focus?.();
  }, []);
  return (
    <div className="dialog-backdrop" style={backdrop}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={panel}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '1rem' }}>
          <h2 id={titleId} style={{ margin: 0, fontSize: '1.25rem' }}>
            {title}
          </h2>
          <button type="button" data-close onClick={onClose} aria-label="Close" style={{ minHeight: 40, minWidth: 40 }}>
            ×
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}

const backdrop = {
  position: 'fixed',
  inset: 0,
  background: 'rgba(0, 0, 0, 0.4)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '1rem',
  zIndex: 1000,
} as const;

const panel = {
  background: '#fff',
  borderRadius: 8,
  padding: '1rem 1.25rem',
  width: 'min(36rem, 100%)',
  maxHeight: '90vh',
  overflow: 'auto',
} as const;
