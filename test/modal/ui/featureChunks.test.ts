import { describe, expect, it } from 'vitest'
import { firstLoad } from '../../support/staticGraph.js'

const firstLoadFiles = (...entries: string[]) => [
  ...firstLoad(
    'modal/index.ts',
    'modal/ui/mountModal.tsx',
    'modal/adapters/eip155/eip155Adapter.ts',
    ...entries,
  ).files,
]

// Type-only imports (the state's slices, the views' data) carry no code and are not followed.
describe('the account actions load only when one of their views or entries does (issue 15, acceptance 5)', () => {
  it.each([
    ['names', 'modal/names/'],
    ['onramp', 'modal/onramp/'],
    ['swaps', 'modal/swaps/'],
  ])('the entry, the dialog, the adapter and the later views (Account) reach no %s module without a dynamic import', (_, folder) => {
    const loaded = firstLoadFiles('modal/ui/views/laterViews.ts')
    expect(loaded).toContain('modal/ui/views/AccountView.tsx')
    expect(loaded.filter((file) => file.startsWith(folder))).toEqual([])
  })

  it('the modal’s picker (issue 33) comes with the views that pick, Send and Onramp: the first load, Account included, has none of it', () => {
    const loaded = firstLoadFiles('modal/ui/views/laterViews.ts')
    expect(loaded.filter((file) => /modal\/ui\/components\/picker/i.test(file))).toEqual([])
    const withViews = [...firstLoad('modal/send/sendViews.tsx', 'modal/onramp/onrampViews.tsx').files]
    expect(withViews).toContain('modal/ui/components/Picker.tsx')
  })

  it('Send and Receive: the first load reaches none of their modules; Account, a later chunk, has only its two buttons', () => {
    expect(firstLoadFiles().filter((file) => file.startsWith('modal/send/'))).toEqual([])
    const withAccount = firstLoadFiles('modal/ui/views/laterViews.ts').filter((file) =>
      file.startsWith('modal/send/'),
    )
    expect(withAccount.filter((file) => !file.startsWith('modal/send/texts/'))).toEqual([
      'modal/send/AccountSendButtons.tsx',
    ])
  })
})
