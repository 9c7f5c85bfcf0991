import { Component, type ReactNode, Suspense } from 'react';

interface State {
  failed: boolean;
}

/** Drops a part that failed (typically its code could not be fetched), keeping the rest of the page. */
class DropOnError extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A lazily loaded piece of the shell (sidebar, header actions, menus, admin tools): nothing while
 * it loads, and nothing if it fails, rather than taking the page down with it.
 */
export function LazyPart({ children }: { children: ReactNode }) {
  return (
    <DropOnError>
      <Suspense fallback={null}>{children}</Suspense>
    </DropOnError>
  );
}
