import { useCallback, useLayoutEffect, useRef, useState } from 'react'

export type ActionState = { status: 'idle' | 'pending' | 'done' } | { status: 'error'; error: unknown }

/**
 * Runs an async action once on mount (and again on retry), ignoring results after unmount. The action's
 * signal aborts when the view is left, so a wait it started (a WalletConnect pairing) can be cancelled.
 * Given `begun`, the action already begun before the view was routed to, the mount follows that one
 * instead of starting its own, and leaving the view calls `cancelBegun`; a retry starts the action.
 */
export function useActionOnMount(
  action: (signal: AbortSignal) => Promise<unknown>,
  begun?: Promise<unknown>,
  cancelBegun?: () => void,
): [ActionState, () => void] {
  const [state, setState] = useState<ActionState>({ status: 'pending' })
  const live = useRef(true)
  const running = useRef<() => void>(undefined)
  const adopt = useRef(begun)
  const run = useCallback(() => {
    const controller = new AbortController()
    setState({ status: 'pending' })
    const adopted = adopt.current
    adopt.current = undefined
    running.current = adopted ? cancelBegun : () => controller.abort()
    const pending = adopted ?? action(controller.signal)
    pending.then(
      () => live.current && setState({ status: 'done' }),
      (error: unknown) => live.current && setState({ status: 'error', error }),
    )
  }, [action, cancelBegun])
  const started = useRef(false)
  // Layout effect: the wallet is asked before the view's first paint, not a frame after it.
  useLayoutEffect(() => {
    live.current = true
    if (!started.current) {
      started.current = true
      run()
    }
    return () => {
      live.current = false
      // StrictMode (development) runs this cleanup and the effect again at once on mount, keeping refs:
      // only a view still unmounted after that has been left, and its one action must not be cancelled.
      queueMicrotask(() => {
        if (!live.current) running.current?.()
      })
    }
  }, [run])
  return [state, run]
}
