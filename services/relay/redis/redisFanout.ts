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

// Sent on a topic's channel in place of announcements that failed: the messages are in the mailbox, so the
// nodes re-read it for their subscribers. Nodes that predate it ignore it as malformed.
const RereadSchema = z.object({ node: z.string(), reread: z.string() })

const PayloadSchema = z.union([AnnouncementSchema, RereadSchema])

// Between attempts to send the re-read notices, doubling while they fail: ioredis holds a command while it
// reconnects, so a retry never spins, and the first comes soon enough for a chat.
const FIRST_REREAD_DELAY_MS = 100
const MAX_REREAD_DELAY_MS = 5_000

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
  /** Topics whose announcement failed, to send a re-read notice on. */
  private readonly unannounced = new Set<string>()
  private rereadTimer: ReturnType<typeof setTimeout> | undefined
  private rereadDelayMs = FIRST_REREAD_DELAY_MS
  private closing = false

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

  /**
   * Rejects when Redis did not take the announcement; the message is stored and its publisher acked, so the
   * other nodes are then sent a re-read notice for the topic, again and again until Redis takes it.
   */
  async announce(message: StoredMessage, repeated: boolean): Promise<void> {
    try {
      await this.publisher.publish(
        this.keys.channel(message.topic),
        JSON.stringify({ node: this.nodeId, message, repeated }),
      )
    } catch (error) {
      this.unannounced.add(message.topic)
      this.scheduleRereads()
      throw error
    }
  }

  /** Sends the re-read notices still owed once more, so that no subscriber elsewhere waits on this node. */
  async close(): Promise<void> {
    this.closing = true
    clearTimeout(this.rereadTimer)
    await this.sendRereads()
    await Promise.all([this.subscriber.quit(), this.publisher.quit()])
  }

  private scheduleRereads(): void {
    if (this.rereadTimer || this.closing) return
    this.rereadTimer = setTimeout(() => {
      this.rereadTimer = undefined
      void this.sendRereads().then(() => {
        if (this.unannounced.size === 0) {
          this.rereadDelayMs = FIRST_REREAD_DELAY_MS
          return
        }
        this.rereadDelayMs = Math.min(2 * this.rereadDelayMs, MAX_REREAD_DELAY_MS)
        this.scheduleRereads()
      })
    }, this.rereadDelayMs)
    this.rereadTimer.unref()
  }

  /** One notice per topic owed one; a topic whose notice fails stays owed. */
  private async sendRereads(): Promise<void> {
    const topics = [...this.unannounced]
    this.unannounced.clear()
    await Promise.all(
      topics.map((topic) =>
        this.publisher
          .publish(this.keys.channel(topic), JSON.stringify({ node: this.nodeId, reread: topic }))
          .catch((error: unknown) => {
            this.unannounced.add(topic)
            this.logger.warn('telling other nodes to re-read a mailbox failed; retrying', {
              topic,
              error: describeError(error),
            })
          }),
      ),
    )
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
    let announcement: z.infer<typeof PayloadSchema>
    try {
      announcement = PayloadSchema.parse(JSON.parse(payload))
    } catch (error) {
      this.logger.warn('ignoring a malformed announcement from Redis', {
        channel,
        error: describeError(error),
      })
      return
    }
    // Redis echoes a node's own publishes to it; it has delivered those locally already.
    if (announcement.node === this.nodeId) return
    if ('reread' in announcement) {
      if (channel === this.keys.channel(announcement.reread)) this.missed([announcement.reread])
    } else if (channel === this.keys.channel(announcement.message.topic))
      this.receive(announcement.message, announcement.repeated ?? false)
  }
}
