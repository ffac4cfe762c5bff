import { expect } from 'vitest'
import type { RelayCore, RelayFanout } from '../../../../relay/core/index.js'
import { RelayMethod } from '../../../../relay/protocol/index.js'
import { coreClient, messagesOf } from './coreClient.js'

/**
 * `fanout` with every watch held until `release()`: a subscribe stays unanswered meanwhile, as it does while
 * a Redis SUBSCRIBE is under way.
 */
export function heldWatches(fanout: RelayFanout): { fanout: RelayFanout; release: () => void } {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const held: RelayFanout = {
    watch: async (topic) => {
      await released
      await fanout.watch(topic)
    },
    unwatch: (topic) => fanout.unwatch(topic),
    announce: (message, repeated) => fanout.announce(message, repeated),
    attach: (receive, missed) => fanout.attach(receive, missed),
    close: () => fanout.close(),
  }
  return { fanout: held, release }
}

/**
 * On `core`, whose fanout's watches `release` lets go: a message published while a subscribe to `topic` is
 * under way reaches the subscriber only after the subscribe's answer, from the mailbox.
 */
export async function expectAnswerBeforePush(
  core: RelayCore,
  release: () => void,
  topic: string,
): Promise<void> {
  const subscriber = coreClient(core, 'did:key:subscriber')
  const publisher = coreClient(core, 'did:key:publisher')
  subscriber.call(1, RelayMethod.subscribe, { topic })
  publisher.call(2, RelayMethod.publish, { topic, message: 'ZWFybHk=', ttl: 300, tag: 1108 })
  await expect.poll(() => publisher.answers.get(2)?.result).toBe(true)
  expect(subscriber.answers.size).toBe(0)
  expect(subscriber.pushes).toEqual([])

  release()
  await expect.poll(() => subscriber.answers.has(1)).toBe(true)
  await expect.poll(() => messagesOf(subscriber.pushes)).toEqual(['ZWFybHk='])
}
