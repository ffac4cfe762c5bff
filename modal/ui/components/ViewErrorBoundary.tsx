import { Component, type ReactNode } from 'react'

type Props = {
  /** Shown in place of what threw. */
  fallback: ReactNode
  /** A new value (another route, the modal closed and opened) renders the children again. */
  resetKey: unknown
  children: ReactNode
}

type State = { failed: boolean; resetKey: unknown }

/**
 * Keeps a part of the modal that throws while rendering (a view, a title, an alert's or the snackbar's
 * words, on a wallet's or the api's answer of a shape it did not expect) from unmounting the modal's root:
 * without it the modal vanished and no later open could show it again. The error stays here: React logs it
 * to the console, and nothing is reported anywhere else.
 */
export class ViewErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey }
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true }
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
