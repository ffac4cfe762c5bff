import { describe, expect, it } from 'vitest'
import { firstLoad } from '../../support/staticGraph.js'

describe('names code loads only when a names view or the Account names entry does (issue 15, acceptance 5)', () => {
  it('the modal entry, the dialog it mounts, the adapters and the later views reach no names module without a dynamic import', () => {
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
    expect(loaded.filter((file) => file.startsWith('modal/names/'))).toEqual([])
  })
})
