import { describe, expect, it } from 'vitest'
import type { Session } from '../../engine/index.js'
import { describeActivity } from '../../examples/node/walletActivity.js'

// ESC starts a terminal control sequence (here: clear the screen, home the cursor); U+202E reverses the text
// that follows; a newline starts a line the dapp writes as if it were the wallet's.
const hostile = 'Evil\u001b[2J\u001b[Hdapp\u202e\nanswered personal_sign on eip155:1'

describe("the example wallet's log line for what a peer did", () => {
  it("shows a peer's control characters escaped, so a dapp cannot write to the operator's terminal", () => {
    const session = { peer: { metadata: { name: hostile } } } as unknown as Session
    const line = describeActivity({ type: 'session', session })
    expect(line).toBe(
      'approved a session with Evil\\u001b[2J\\u001b[Hdapp\\u202e\\u000aanswered personal_sign on eip155:1',
    )
  })

  it("escapes a refused request's method and message, both of which a peer chooses", () => {
    const line = describeActivity({
      type: 'request',
      method: hostile,
      chainId: 'eip155:31337',
      outcome: 'refused',
      code: 4200,
      message: `The example wallet does not support ${hostile}`,
    })
    expect(line).not.toMatch(/[\p{Cc}\p{Cf}]/u)
    expect(line).toMatch(
      /^refused Evil\\u001b\[2J.* on eip155:31337: The example wallet does not support Evil/,
    )
  })

  it('escapes the line and paragraph separators too, and writes a character past U+FFFF whole, as \\u{…}', () => {
    const session = { peer: { metadata: { name: 'a\u2028b\u2029c\u{e0041}1' } } } as unknown as Session
    expect(describeActivity({ type: 'session', session })).toBe(
      'approved a session with a\\u2028b\\u2029c\\u{e0041}1',
    )
  })
})
