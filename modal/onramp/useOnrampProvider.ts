import { useMemo } from 'react'
import { useKit } from '../ui/kitContext.js'
import type { OnrampProvider } from './provider.js'
import { sandboxProvider } from './sandboxProvider.js'

/** The kit's onramp provider: the sandbox of its own api (none without an api). */
export function useOnrampProvider(): OnrampProvider | undefined {
  const { kit } = useKit()
  return useMemo(() => (kit.api ? sandboxProvider(kit.api) : undefined), [kit])
}
