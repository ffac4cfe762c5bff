import { describe, expect, it } from 'vitest'
import { leatherConnector } from '../../../bitcoin/connectors/leather.js'
import { bitcoinChains } from '../../../bitcoin/index.js'

const signPsbtAnswering = (result: unknown) =>
  leatherConnector({ request: async () => ({ result }) }).signPsbt({
    psbt: Uint8Array.of(0x70, 0x73, 0x62, 0x74, 0xff),
    inputs: [{ address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', indexes: [0] }],
    accounts: [],
    chain: bitcoinChains.regtest,
    broadcast: true,
  })

describe('Leather connector', () => {
  it("takes a signed PSBT's txid only when it is a txid", async () => {
    const txid = 'ab'.repeat(32)
    await expect(signPsbtAnswering({ hex: '00', txid })).resolves.toEqual({ psbt: Uint8Array.of(0), txid })
    for (const answer of [
      '<img src=x onerror=alert(1)>',
      '../../phish',
      'AB'.repeat(32),
      'ab'.repeat(31),
      42,
    ])
      await expect(signPsbtAnswering({ hex: '00', txid: answer })).rejects.toMatchObject({
        code: 'WALLET_ANSWER',
      })
  })
})
