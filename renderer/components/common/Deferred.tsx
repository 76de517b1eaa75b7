import { Component, Suspense, type ReactNode } from 'react';

interface BoundaryState {
  readonly failed: boolean;
}

/** A part loaded on first use whose file could not be loaded: said in place, with the way out. */
class LoadBoundary extends Component<{ readonly children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="error-notice" role="alert">
        <p className="error-message">This part of TitleDesk could not be loaded.</p>
        <p className="error-action">Reload the window (Ctrl+R); nothing you bought is lost.</p>
      </div>
    );
  }
}

/**
 * Wraps a part of the UI that is loaded on first use (React.lazy), so the start-up bundle holds
 * only what the first screen needs. The fallback shows while its file loads (a few milliseconds
 * from disk); a file that fails to load is reported where the part would be.
 */
export function Deferred({ children, fallback = null }: { readonly children: ReactNode; readonly fallback?: ReactNode }) {
  return (
    <LoadBoundary>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadBoundary>
  );
}
