import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './ErrorFallback';

interface Props {
  children: ReactNode;
  /** when this changes (the page address), a crashed page gets another chance */
  resetKey: string;
}

interface State {
  error: unknown;
  failedKey: string | null;
}

/** Keeps a crash inside the page area: header, sidebar and footer stay usable. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedKey: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === null) return null;
    if (state.failedKey === null) return { failedKey: props.resetKey };
    return state.failedKey === props.resetKey ? null : { error: null, failedKey: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  reset = () => this.setState({ error: null, failedKey: null });

  override render() {
    if (this.state.error !== null) return <ErrorFallback error={this.state.error} onReset={this.reset} />;
    return this.props.children;
  }
}
