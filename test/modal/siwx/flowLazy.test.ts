import { describe, expect, it } from 'vitest'
import { firstLoad } from '../../support/staticGraph.js'

describe('sign-in code loads only with sign-in (issue 14, acceptance 5)', () => {
  it('the modal entry and the dialog it mounts reach no sign-in module nor the sign-in view without a dynamic import', () => {
    const loaded = [...firstLoad('modal/index.ts', 'modal/ui/mountModal.tsx').files]
    expect(loaded).toContain('modal/core/appKit.ts')
    expect(loaded).toContain('modal/ui/views/index.ts')
    expect(
      loaded.filter((file) => file.startsWith('modal/siwx/') || file.includes('SIWXSignMessage')),
    ).toEqual([])
  })
})
