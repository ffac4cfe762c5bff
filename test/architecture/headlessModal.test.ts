import { describe, expect, it } from 'vitest'
import { firstLoad } from '../support/staticGraph.js'

const isReact = (specifier: string) => /^react(-dom)?(\/|$)/.test(specifier)

describe('@pairwise/modal is headless (issue 17 §3)', () => {
  it('the modal entry reaches no react or react-dom module without a dynamic import', () => {
    const { files, packages } = firstLoad('modal/index.ts')
    expect(files).toContain('modal/createAppKit.ts')
    expect(files).toContain('modal/core/appKit.ts')
    expect([...packages].filter(isReact)).toEqual([])
  })

  it('the React entry adds the hooks and components over it, with React', () => {
    const { files, packages } = firstLoad('modal/react/index.ts')
    expect(files).toContain('modal/index.ts')
    expect(files).toContain('modal/react/hooks.ts')
    expect([...packages].filter(isReact)).toContain('react')
  })
})
