import { describe, it } from 'vitest'
import { RelayCore, SingleNodeFanout } from '../../../relay/core/index.js'
import { expectAnswerBeforePush, heldWatches } from './support/heldFanout.js'

const topic = 'cd'.repeat(32)

describe('a subscribe is answered before any push on its topic', () => {
  it('holds a message stored while the subscribe is under way until the answer, then pushes it from the mailbox', async () => {
    const { fanout, release } = heldWatches(new SingleNodeFanout())
    const core = new RelayCore({ fanout })
    await expectAnswerBeforePush(core, release, topic)
    await core.close()
  })
})
