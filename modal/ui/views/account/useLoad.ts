import { useEffect, useState } from 'react'

export type Load<T> = { status: 'loading' } | { status: 'done'; value: T } | { status: 'failed' }

/** Runs `load` when `key` changes, keeping only the answer for the latest key while mounted. */
export function useLoad<T>(key: string, load: () => Promise<T>): Load<T> {
  const [state, setState] = useState<{ key: string; load: Load<T> }>({ key, load: { status: 'loading' } })
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names everything `load` reads.
  useEffect(() => {
    let current = true
    setState({ key, load: { status: 'loading' } })
    load().then(
      (value) => current && setState({ key, load: { status: 'done', value } }),
      () => current && setState({ key, load: { status: 'failed' } }),
    )
    return () => {
      current = false
    }
  }, [key])
  return state.key === key ? state.load : { status: 'loading' }
}
