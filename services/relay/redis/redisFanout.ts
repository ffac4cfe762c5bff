import {
  describeError,
  type Logger,
  type RelayFanout,
  type StoredMessage,
  StoredMessageSchema,
} from '@pairwise/relay/core'
import type { Redis } from 'ioredis'
import * as z from 'zod/mini'
import { connectRedis, DEFAULT_REDIS_PREFIX, type RedisKeys, redisKeys } from './connect.js'

// `repeated` is optional so that, during a rolling upgrade, announcements of nodes that predate it still count.
const AnnouncementSchema = z.object({
  node: z.string(),
  message: StoredMessageSchema,
  repeated: z.optional(z.boolean()),
})

/**
 * Redis pub/sub between relay nodes: one channel per topic, subscribed by a node while it has local
 * subscribers to the topic, so each node hears only about topics its clients listen to.
 */
export class RedisFanout implements RelayFanout {
  private readonly keys: RedisKeys
  private receive: (message: StoredMessage, repeated: boolean) => void = () => {}
  private missed: (topics: readonly string[]) => void = () => {}
  /** Topics this node watches: after a reconnect, what it subscribes to again and asks the core to re-read. */
  private readonly watched = new Set<string>()

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly nodeId: string,
    prefix: string,
    private readonly logger: Logger,
  ) {
    this.keys = redisKeys(prefix)
    subscriber.on('message', (channel: string, payload: string) => this.onAnnouncement(channel, payload))
    // Registered after the first connection is up, so this hears only reconnections.
    subscriber.on('ready', () => this.onReconnected())
  }

  static async open(
    url: string,
    nodeId: string,
    logger: Logger,
    prefix = DEFAULT_REDIS_PREFIX,
  ): Promise<RedisFanout> {
    const publisher = await connectRedis(url, 'pairwise-relay-publisher', logger)
    const subscriber = await connectRedis(url, 'pairwise-relay-subscriber', logger).catch(
      async (error: unknown) => {
        await publisher.quit()
        throw error
      },
    )
    return new RedisFanout(publisher, subscriber, nodeId, prefix, logger)
  }

  attach(
    receive: (message: StoredMessage, repeated: boolean) => void,
    missed: (topics: readonly string[]) => void,
  ): void {
    this.receive = receive
    this.missed = missed
  }

  async watch(topic: string): Promise<void> {
    this.watched.add(topic)
    await this.subscriber.subscribe(this.keys.channel(topic))
  }

  async unwatch(topic: string): Promise<void> {
    this.watched.delete(topic)
    await this.subscriber.unsubscribe(this.keys.channel(topic))
  }

  async announce(message: StoredMessage, repeated: boolean): Promise<void> {
    await this.publisher.publish(
      this.keys.channel(message.topic),
      JSON.stringify({ node: this.nodeId, message, repeated }),
    )
  }

  async close(): Promise<void> {
    await Promise.all([this.subscriber.quit(), this.publisher.quit()])
  }

  /**
   * Announcements published while the subscriber connection was down are gone for good. Once the topics
   * are subscribed again (awaited here, not left to ioredis's resubscription, which nothing can wait on),
   * their subscribers here re-read their mailboxes, which hold every message stored meanwhile.
   */
  private onReconnected(): void {
    const topics = [...this.watched]
    if (topics.length === 0) return
    this.subscriber.subscribe(...topics.map((topic) => this.keys.channel(topic))).then(
      () => this.missed(topics),
      // The connection broke again: its next reconnection tries again.
      (error: unknown) =>
        this.logger.warn('resubscribing to topics in Redis failed', { error: describeError(error) }),
    )
  }

  private onAnnouncement(channel: string, payload: string): void {
    let announcement: z.infer<typeof AnnouncementSchema>
    try {
      announcement = AnnouncementSchema.parse(JSON.parse(payload))
    } catch (error) {
      this.logger.warn('ignoring a malformed announcement from Redis', {
        channel,
        error: describeError(error),
      })
      return
    }
    // Redis echoes a node's own publishes to it; it has delivered those locally already.
    if (announcement.node !== this.nodeId && channel === this.keys.channel(announcement.message.topic))
      this.receive(announcement.message, announcement.repeated ?? false)
  }
}
