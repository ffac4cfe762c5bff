import { hashTypedData } from 'viem'
import { describe, expect, it } from 'vitest'
import { typedDataSchema } from '../../../../services/frame/preview/typedDataSchema.js'

const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}`
const b32 = `0x${'11'.repeat(32)}`

/** A struct's members in the order given, as `types` lists them. */
const fields = (members: Record<string, string>) =>
  Object.entries(members).map(([name, type]) => ({ name, type }))

/** The domain most apps declare. */
const nameVersionChainContract = fields({
  name: 'string',
  version: 'string',
  chainId: 'uint256',
  verifyingContract: 'address',
})

// Payloads as the dapps send them (field types and value shapes as their SDKs build them).
const cases: Record<string, unknown> = {
  'Uniswap Permit2 PermitSingle': {
    types: {
      EIP712Domain: fields({ name: 'string', chainId: 'uint256', verifyingContract: 'address' }),
      PermitSingle: fields({ details: 'PermitDetails', spender: 'address', sigDeadline: 'uint256' }),
      PermitDetails: fields({ token: 'address', amount: 'uint160', expiration: 'uint48', nonce: 'uint48' }),
    },
    primaryType: 'PermitSingle',
    domain: { name: 'Permit2', chainId: 1, verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3' },
    message: {
      details: {
        token: a(1),
        amount: '1461501637330902918203684832716283019655932542975',
        expiration: '1735689600',
        nonce: '0',
      },
      spender: '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD',
      sigDeadline: '1733099600',
    },
  },
  'Seaport 1.6 OrderComponents (OpenSea)': {
    types: {
      EIP712Domain: nameVersionChainContract,
      OrderComponents: fields({
        offerer: 'address',
        zone: 'address',
        offer: 'OfferItem[]',
        consideration: 'ConsiderationItem[]',
        orderType: 'uint8',
        startTime: 'uint256',
        endTime: 'uint256',
        zoneHash: 'bytes32',
        salt: 'uint256',
        conduitKey: 'bytes32',
        counter: 'uint256',
      }),
      OfferItem: fields({
        itemType: 'uint8',
        token: 'address',
        identifierOrCriteria: 'uint256',
        startAmount: 'uint256',
        endAmount: 'uint256',
      }),
      ConsiderationItem: fields({
        itemType: 'uint8',
        token: 'address',
        identifierOrCriteria: 'uint256',
        startAmount: 'uint256',
        endAmount: 'uint256',
        recipient: 'address',
      }),
    },
    primaryType: 'OrderComponents',
    domain: {
      name: 'Seaport',
      version: '1.6',
      chainId: '1',
      verifyingContract: '0x0000000000000068F116a894984e2DB1123eB395',
    },
    message: {
      offerer: a(2),
      zone: a(0),
      orderType: 0,
      startTime: '1700000000',
      endTime: '1800000000',
      zoneHash: `0x${'0'.repeat(64)}`,
      salt: '0x360c6ebe0000000000000000000000000000000000000000d1b9ad1f2bae1e0e',
      conduitKey: b32,
      counter: '0',
      totalOriginalConsiderationItems: 1,
      offer: [{ itemType: 2, token: a(3), identifierOrCriteria: '1234', startAmount: '1', endAmount: '1' }],
      consideration: [
        {
          itemType: 0,
          token: a(0),
          identifierOrCriteria: '0',
          startAmount: '975000000000000000',
          endAmount: '975000000000000000',
          recipient: a(2),
        },
      ],
    },
  },
  'Hyperliquid approveAgent (user-signed action)': {
    types: {
      EIP712Domain: nameVersionChainContract,
      'HyperliquidTransaction:ApproveAgent': fields({
        hyperliquidChain: 'string',
        agentAddress: 'address',
        agentName: 'string',
        nonce: 'uint64',
      }),
    },
    primaryType: 'HyperliquidTransaction:ApproveAgent',
    domain: { name: 'HyperliquidSignTransaction', version: '1', chainId: '0xa4b1', verifyingContract: a(0) },
    message: {
      hyperliquidChain: 'Mainnet',
      agentAddress: a(4),
      agentName: '',
      nonce: 1733000000000,
      signatureChainId: '0xa4b1',
      type: 'approveAgent',
    },
  },
  'Hyperliquid L1 Agent (exchange order)': {
    types: {
      EIP712Domain: nameVersionChainContract,
      Agent: fields({ source: 'string', connectionId: 'bytes32' }),
    },
    primaryType: 'Agent',
    domain: { name: 'Exchange', version: '1', chainId: 1337, verifyingContract: a(0) },
    message: { source: 'a', connectionId: b32 },
  },
  'CoW Protocol order': {
    types: {
      EIP712Domain: nameVersionChainContract,
      Order: fields({
        sellToken: 'address',
        buyToken: 'address',
        receiver: 'address',
        sellAmount: 'uint256',
        buyAmount: 'uint256',
        validTo: 'uint32',
        appData: 'bytes32',
        feeAmount: 'uint256',
        kind: 'string',
        partiallyFillable: 'bool',
        sellTokenBalance: 'string',
        buyTokenBalance: 'string',
      }),
    },
    primaryType: 'Order',
    domain: {
      name: 'Gnosis Protocol',
      version: 'v2',
      chainId: 1,
      verifyingContract: '0x9008D19f58AAbD9eD0D60971565AA8510560ab41',
    },
    message: {
      sellToken: a(5),
      buyToken: a(6),
      receiver: a(7),
      sellAmount: '1000000',
      buyAmount: '300000000000000',
      validTo: 1733000000,
      appData: b32,
      feeAmount: '0',
      kind: 'sell',
      partiallyFillable: false,
      sellTokenBalance: 'erc20',
      buyTokenBalance: 'erc20',
    },
  },
  'Safe SafeTx': {
    types: {
      EIP712Domain: fields({ chainId: 'uint256', verifyingContract: 'address' }),
      SafeTx: fields({
        to: 'address',
        value: 'uint256',
        data: 'bytes',
        operation: 'uint8',
        safeTxGas: 'uint256',
        baseGas: 'uint256',
        gasPrice: 'uint256',
        gasToken: 'address',
        refundReceiver: 'address',
        nonce: 'uint256',
      }),
    },
    primaryType: 'SafeTx',
    domain: { chainId: '0x1', verifyingContract: a(8) },
    message: {
      to: a(9),
      value: '0',
      data: '0xa9059cbb',
      operation: 0,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: a(0),
      refundReceiver: a(0),
      nonce: 3,
    },
  },
  'Snapshot vote': {
    types: {
      Vote: fields({
        from: 'address',
        space: 'string',
        timestamp: 'uint64',
        proposal: 'bytes32',
        choice: 'uint32',
        reason: 'string',
        app: 'string',
        metadata: 'string',
      }),
    },
    primaryType: 'Vote',
    domain: { name: 'snapshot', version: '0.1.4' },
    message: {
      from: a(10),
      space: 'ens.eth',
      timestamp: 1733000000,
      proposal: b32,
      choice: 1,
      reason: '',
      app: 'snapshot',
      metadata: '{}',
    },
  },
  'Polymarket CLOB order': {
    types: {
      EIP712Domain: nameVersionChainContract,
      Order: fields({
        salt: 'uint256',
        maker: 'address',
        signer: 'address',
        taker: 'address',
        tokenId: 'uint256',
        makerAmount: 'uint256',
        takerAmount: 'uint256',
        expiration: 'uint256',
        nonce: 'uint256',
        feeRateBps: 'uint256',
        side: 'uint8',
        signatureType: 'uint8',
      }),
    },
    primaryType: 'Order',
    domain: {
      name: 'Polymarket CTF Exchange',
      version: '1',
      chainId: 137,
      verifyingContract: '0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E',
    },
    message: {
      salt: 479249096354,
      maker: a(11),
      signer: a(11),
      taker: a(0),
      tokenId: '71321045679252212594626385532706912750332728571942532289631379312455583992563',
      makerAmount: '50000000',
      takerAmount: '100000000',
      expiration: '0',
      nonce: '0',
      feeRateBps: '0',
      side: 0,
      signatureType: 0,
    },
  },
  'ERC-2612 Permit with bigint-ish number 1e18 value': {
    types: {
      EIP712Domain: nameVersionChainContract,
      Permit: fields({
        owner: 'address',
        spender: 'address',
        value: 'uint256',
        nonce: 'uint256',
        deadline: 'uint256',
      }),
    },
    primaryType: 'Permit',
    domain: {
      name: 'USD Coin',
      version: '2',
      chainId: 1,
      verifyingContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    },
    message: {
      owner: a(12),
      spender: a(13),
      value: 1000000000000000000,
      nonce: 0,
      deadline: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
    },
  },
}

describe("typed data as real dapps send it passes the frame's value check, and viem hashes what passed", () => {
  it.each(Object.entries(cases))('%s', (_name, data) => {
    const parsed = typedDataSchema.safeParse(data)
    expect(parsed.success ? 'ok' : parsed.error.issues.map((issue) => issue.message).join('; ')).toBe('ok')
    if (parsed.success) expect(() => hashTypedData(parsed.data as never)).not.toThrow()
  })
})
