import { useCallback, useLayoutEffect, useRef, useState } from 'react'

export type ActionState = { status: 'idle' | 'pending' | 'done' } | { status: 'error'; error: unknown }

/** Runs an async action once on mount (and again on retry), ignoring results after unmount. */
export function useActionOnMount(action: () => Promise<unknown>): [ActionState, () => void] {
  const [state, setState] = useState<ActionState>({ status: 'pending' })
  const live = useRef(true)
  const run = useCallback(() => {
    setState({ status: 'pending' })
    action().then(
      () => live.current && setState({ status: 'done' }),
      (error: unknown) => live.current && setState({ status: 'error', error }),
    )
  }, [action])
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
    }
  }, [run])
  return [state, run]
}
