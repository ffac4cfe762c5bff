import { describe, expect, it } from 'vitest'
import {
  buildApprovedNamespaces,
  checkConformingNamespaces,
  isAllowedOnChain,
  isSessionCompatible,
  isValidAccountId,
  isValidChainId,
  mergeRequiredIntoOptional,
  normalizeNamespaces,
  validateProperties,
  validateProposalNamespaces,
  validateRelays,
  validateScopedKeys,
  validateSessionNamespaces,
} from '../../engine/namespaces/index.js'

const account = '0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb'

// The cases are the Sign spec's "Validation test cases" (namespaces.md), numbered as there.
describe('proposal namespaces (spec 1.x)', () => {
  const check = (input: unknown) => validateProposalNamespaces(input, 'connect()', 'requiredNamespaces')

  it('1.1 an inline chain key needs no chains list', () => {
    expect(check({ 'eip155:10': { methods: ['personal_sign'], events: ['chainChanged'] } })).toBeNull()
  })
  it('1.2 chains must not be empty', () => {
    expect(check({ cosmos: { chains: [], methods: ['cosmos_signDirect'], events: [] } })?.code).toBe(5100)
  })
  it('1.3 mixes inline and listed chains', () => {
    expect(
      check({
        eip155: { chains: ['eip155:1', 'eip155:137'], methods: ['eth_sign'], events: [] },
        'eip155:10': { methods: ['personal_sign'], events: [] },
      }),
    ).toBeNull()
  })
  it('1.4 chains must be CAIP-2', () => {
    expect(check({ eip155: { chains: ['42'], methods: ['eth_sign'], events: [] } })?.code).toBe(5100)
  })
  it('1.5 methods and events may be empty', () => {
    expect(check({ eip155: { chains: ['eip155:1'], methods: [], events: [] } })).toBeNull()
  })
  it('1.6 chains must be in the namespace of their key', () => {
    const problem = check({
      eip155: { chains: ['eip155:1', 'cosmos:cosmoshub-4'], methods: [], events: [] },
    })
    expect(problem?.code).toBe(5100)
  })
  it('1.7 namespace keys must match CAIP-2', () => {
    expect(check({ '': { chains: [':1'], methods: [], events: [] } })?.code).toBe(5104)
    expect(check({ '**': { chains: ['**:1'], methods: [], events: [] } })?.code).toBe(5104)
  })
  it('1.8 one invalid namespace invalidates all, reporting the first problem', () => {
    const problem = check({
      eip155: { chains: ['eip155:1'], methods: ['personalSign'], events: [] },
      cosmos: { chains: [], methods: [], events: [] },
    })
    expect(problem?.code).toBe(5100)
  })
  it('methods and events must be arrays of strings', () => {
    expect(check({ eip155: { chains: ['eip155:1'], events: [] } })?.code).toBe(5101)
    expect(check({ eip155: { chains: ['eip155:1'], methods: [], events: 'x' } })?.code).toBe(5102)
  })
  it('1.9 an empty object is not "an object with data" for the validator (callers skip it)', () => {
    expect(check({})?.code).toBe(5)
    expect(check(null)?.code).toBe(5)
  })
})

describe('session namespaces (spec 2.x)', () => {
  const check = (input: unknown) => validateSessionNamespaces(input, 'approve()')
  const required = {
    eip155: { chains: ['eip155:1'], methods: ['eth_sign'], events: ['accountsChanged'] },
  }
  const conform = (
    namespaces: Parameters<typeof checkConformingNamespaces>[1],
    req: Parameters<typeof checkConformingNamespaces>[0] = required,
  ) => checkConformingNamespaces(req, namespaces, 'approve()')

  it('2.2 accounts must be CAIP-10', () => {
    const problem = check({ eip155: { accounts: [`eip155:${account}`], methods: [], events: [] } })
    expect(problem?.code).toBe(5103)
  })
  it('2.1 empty accounts leave a required chain unapproved', () => {
    expect(
      conform({ eip155: { accounts: [], methods: ['eth_sign'], events: ['accountsChanged'] } })?.code,
    ).toBe(9)
  })
  it('2.3 all required methods must be approved', () => {
    expect(
      conform({ eip155: { accounts: [`eip155:1:${account}`], methods: [], events: ['accountsChanged'] } })
        ?.code,
    ).toBe(9)
  })
  it('2.4 every required chain needs an account', () => {
    const req = { eip155: { chains: ['eip155:1', 'eip155:10'], methods: [], events: [] } }
    expect(
      conform({ eip155: { accounts: [`eip155:1:${account}`], methods: [], events: [] } }, req)?.code,
    ).toBe(9)
  })
  it('2.5 and 2.6 several accounts per chain and extra methods/events are fine', () => {
    const namespaces = {
      eip155: {
        accounts: [`eip155:1:${account}`, 'eip155:1:0x25caCa7f7Bf3A77b1738A8c98A666dd9e4C69A0C'],
        methods: ['eth_sign', 'personal_sign'],
        events: ['accountsChanged', 'someEvent'],
      },
    }
    expect(check(namespaces)).toBeNull()
    expect(conform(namespaces)).toBeNull()
  })
  it('2.7 accounts must be in the namespace of their key', () => {
    const problem = check({
      eip155: {
        accounts: [`eip155:1:${account}`, 'cosmos:cosmoshub-4:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0'],
        methods: [],
        events: [],
      },
    })
    expect(problem?.code).toBe(5103)
  })
  it('2.8 accounts on chains not requested are fine', () => {
    expect(
      conform({
        eip155: {
          accounts: [`eip155:1:${account}`, `eip155:42:${account}`],
          methods: ['eth_sign'],
          events: ['accountsChanged'],
        },
      }),
    ).toBeNull()
  })
  it('2.9 every required namespace must be approved', () => {
    const req = { ...required, cosmos: { chains: ['cosmos:cosmoshub-4'], methods: [], events: [] } }
    expect(
      conform(
        { eip155: { accounts: [`eip155:1:${account}`], methods: ['eth_sign'], events: ['accountsChanged'] } },
        req,
      )?.code,
    ).toBe(9)
  })
  it('2.10 all required events must be approved', () => {
    expect(
      conform({ eip155: { accounts: [`eip155:1:${account}`], methods: ['eth_sign'], events: [] } })?.code,
    ).toBe(9)
  })
  it('2.11 optional methods need not all be approved; empty required conforms', () => {
    expect(conform({ eip155: { accounts: [`eip155:1:${account}`], methods: [], events: [] } }, {})).toBeNull()
  })
  it('inline keys need an account on their chain', () => {
    const namespaces = { 'eip155:10': { accounts: [`eip155:1:${account}`], methods: [], events: [] } }
    expect(conform(namespaces, {})?.code).toBe(9)
  })
})

describe('CAIP ids', () => {
  it.each([
    'eip155:1',
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    'cosmos:cosmoshub-4',
    'bip122:000000000019d6689c085ae165831e93',
  ])('accepts chain %s', (chain) => expect(isValidChainId(chain)).toBe(true))
  it.each([
    '1',
    'eip155',
    'eip155:',
    ':1',
    'EIP155:1',
    'eip155:1:2',
    'ab:1',
    'eip155:a.b',
  ])('rejects chain %j', (chain) => expect(isValidChainId(chain)).toBe(false))
  it('accepts CAIP-10 accounts and rejects broken ones', () => {
    expect(isValidAccountId(`eip155:1:${account}`)).toBe(true)
    expect(isValidAccountId(`eip155:${account}`)).toBe(false)
    expect(isValidAccountId('eip155:1:')).toBe(false)
    expect(isValidAccountId(42)).toBe(false)
  })
  it.each([
    'hedera:mainnet:0.0.1234-abcde',
    'cosmos:cosmoshub-4:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0',
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
    'eip155:1:%3Cb%3E',
  ])('accepts the CAIP-10 account %j of any chain', (accountId) =>
    expect(isValidAccountId(accountId)).toBe(true))
  it.each([
    'eip155:1:<svg/onload=alert(1)>',
    'eip155:1:../../phish#',
    'eip155:1:0xab16 0xcd',
    'eip155:1:0xab:cd',
    `eip155:1:${'a'.repeat(129)}`,
  ])('refuses %j, whose address is not CAIP-10 text (an app shows it and builds links with it)', (accountId) =>
    expect(isValidAccountId(accountId)).toBe(false))
  it('takes a TON account in the base64url form TON wallets approve it in, underscores and all', () => {
    const ton = 'ton:-239:EQDmnxDMhId6v1Ofg_h5KR5coWlFG6e86Ro3pc7Tq4CA0-Jn'
    expect(isValidAccountId(ton)).toBe(true)
    const namespaces = {
      ton: { chains: ['ton:-239'], accounts: [ton], methods: ['ton_sendMessage'], events: [] },
    }
    expect(validateSessionNamespaces(namespaces, 'onSessionSettleRequest()')).toBeNull()
  })
})

describe('merging deprecated requiredNamespaces into optional', () => {
  it('normalizes inline chains and unites methods and events', () => {
    expect(
      normalizeNamespaces({
        'eip155:1': { methods: ['a'], events: ['x'] },
        eip155: { chains: ['eip155:5'], methods: ['b'], events: [] },
      }),
    ).toEqual({ eip155: { chains: ['eip155:5', 'eip155:1'], methods: ['b', 'a'], events: ['x'] } })
  })
  it('puts required into optional', () => {
    const merged = mergeRequiredIntoOptional(
      { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: ['chainChanged'] } },
      {
        'eip155:10': { methods: ['eth_sendTransaction'], events: [] },
        solana: { chains: ['solana:1'], methods: [], events: [] },
      },
    )
    expect(merged).toEqual({
      eip155: {
        chains: ['eip155:1', 'eip155:10'],
        methods: ['personal_sign', 'eth_sendTransaction'],
        events: ['chainChanged'],
      },
      solana: { chains: ['solana:1'], methods: [], events: [] },
    })
  })
})

describe('properties, scoped keys and relays', () => {
  it('refuses null and undefined property values', () => {
    expect(validateProperties({ a: 'x', b: 0, c: false }, 'sessionProperties')).toBeNull()
    expect(validateProperties({ a: null }, 'sessionProperties')?.code).toBe(5)
    expect(validateProperties({ a: undefined }, 'scopedProperties')?.message).toContain('for key a')
  })
  it('wants scoped keys inside the allowed namespaces', () => {
    expect(validateScopedKeys({ eip155: {}, 'eip155:1': {} }, ['eip155'], 'requested')).toBeNull()
    expect(validateScopedKeys({ solana: {} }, ['eip155:1'], 'approved')?.code).toBe(5)
  })
  it('wants relays as a non-empty list of protocols', () => {
    expect(validateRelays(undefined, 'connect()')).toBeNull()
    expect(validateRelays([{ protocol: 'irn' }], 'connect()')).toBeNull()
    expect(validateRelays([], 'connect()')?.code).toBe(5)
    expect(validateRelays([{ protocol: 1 }], 'connect()')?.code).toBe(5)
  })
})

describe('session lookups and wallet helpers', () => {
  const namespaces = {
    eip155: {
      accounts: [`eip155:1:${account}`, `eip155:10:${account}`],
      methods: ['personal_sign'],
      events: ['chainChanged'],
    },
  }
  it('checks methods per chain and session compatibility', () => {
    expect(isAllowedOnChain(namespaces, 'eip155:10', 'methods', 'personal_sign')).toBe(true)
    expect(isAllowedOnChain(namespaces, 'eip155:5', 'methods', 'personal_sign')).toBe(false)
    expect(isAllowedOnChain(namespaces, 'eip155:1', 'events', 'chainChanged')).toBe(true)
    expect(isAllowedOnChain(namespaces, 'eip155:1', 'events', 'personal_sign')).toBe(false)
    expect(
      isSessionCompatible(namespaces, {
        eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] },
      }),
    ).toBe(true)
    expect(
      isSessionCompatible(namespaces, { eip155: { chains: ['eip155:5'], methods: [], events: [] } }),
    ).toBe(false)
  })
  it('builds approved namespaces from what the wallet supports', () => {
    const approved = buildApprovedNamespaces({
      proposal: {
        requiredNamespaces: {},
        optionalNamespaces: {
          eip155: {
            chains: ['eip155:1', 'eip155:137'],
            methods: ['personal_sign', 'eth_sign'],
            events: ['chainChanged'],
          },
        },
      },
      supportedNamespaces: {
        eip155: {
          chains: ['eip155:1', 'eip155:10'],
          methods: ['personal_sign'],
          events: ['chainChanged', 'accountsChanged'],
          accounts: [`eip155:1:${account}`, `eip155:10:${account}`],
        },
      },
    })
    expect(approved).toEqual({
      eip155: {
        chains: ['eip155:1'],
        methods: ['personal_sign'],
        events: ['chainChanged'],
        accounts: [`eip155:1:${account}`],
      },
    })
  })
})
