import { describe, expect, it } from 'vitest'
import { firstLoad } from '../../support/staticGraph.js'

describe('onramp code loads only when an onramp view or the Account Buy entry does (issue 15, acceptance 5)', () => {
  it('the modal entry, the dialog it mounts, the adapters and the later views (Account) reach no onramp module without a dynamic import', () => {
    const loaded = [
      ...firstLoad(
        'modal/index.ts',
        'modal/ui/mountModal.tsx',
        'modal/ui/views/laterViews.ts',
        'modal/adapters/eip155/eip155Adapter.ts',
      ).files,
    ]
    expect(loaded).toContain('modal/ui/views/index.ts')
    expect(loaded).toContain('modal/ui/views/AccountView.tsx')
    // Type-only imports (the state's OnrampState, the view data) carry no code.
    expect(loaded.filter((file) => file.startsWith('modal/onramp/'))).toEqual([])
  })
})
