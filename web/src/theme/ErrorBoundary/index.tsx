import { Component, type ErrorInfo, type ReactNode } from "react";

export interface ErrorBoundaryProps {
  /** What to show instead of the crashed children; `tryAgain` renders them again. */
  fallback: (props: { error: Error; tryAgain: () => void }) => ReactNode;
  /** Runs before the children render again (e.g. reload the page data); its failure is ignored. */
  onRetry?: () => Promise<void> | void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches a render crash below it and shows `fallback` instead of a blank page. Key it by route so
 *  navigating to another page starts clean. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(thrown: unknown): State {
    return { error: thrown instanceof Error ? thrown : new Error(String(thrown)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Keep the component stack with the error so the details shown to the reader say where it broke.
    if (info.componentStack && !("tzComponentStack" in error)) Object.assign(error, { tzComponentStack: info.componentStack });
  }

  tryAgain = (): void => {
    const reset = () => this.setState({ error: null });
    let pending: Promise<void> | void;
    try {
      pending = this.props.onRetry?.();
    } catch {
      pending = undefined;
    }
    if (pending) pending.then(reset, reset);
    else reset();
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (error) return this.props.fallback({ error, tryAgain: this.tryAgain });
    return this.props.children;
  }
}
