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

// Sent on the every-node channel in place of re-read notices past `MAX_OWED_TOPICS`: each node re-reads the
// mailboxes of all its subscribers. Nodes that predate it do not subscribe to that channel.
const RereadAllSchema = z.object({ node: z.string(), rereadAll: z.literal(true) })

const PayloadSchema = z.union([AnnouncementSchema, RereadSchema, RereadAllSchema])

/**
 * The most topics kept owed a re-read notice: while Redis stores messages but refuses PUBLISH, every distinct
 * topic published to would add one. Past it they are all owed a single notice to every node instead, which
 * costs each node a re-read of all its subscribers' mailboxes.
 */
export const MAX_OWED_TOPICS = 4_096

// Between attempts to send the re-read notices, doubling while they fail: ioredis holds a command while it
// reconnects, so a retry never spins, and the first comes soon enough for a chat.
const FIRST_REREAD_DELAY_MS = 100
const MAX_REREAD_DELAY_MS = 5_000

/**
 * Redis pub/sub between relay nodes: one channel per topic, subscribed by a node while it has local
 * subscribers to the topic, so each node hears only about topics its clients listen to.
 */
export class RedisFanout implements RelayFanout {
  private receive: (message: StoredMessage, repeated: boolean) => void = () => {}
  private missed: (topics: readonly string[]) => void = () => {}
  /** Topics this node watches: after a reconnect, what it subscribes to again and asks the core to re-read. */
  private readonly watched = new Set<string>()
  /** Topics whose announcement failed, to send a re-read notice on; at most `MAX_OWED_TOPICS`. */
  private readonly unannounced = new Set<string>()
  /** Set in place of `unannounced` once it would overflow: every node is owed a re-read of every topic. */
  private everyTopicUnannounced = false
  private rereadTimer: ReturnType<typeof setTimeout> | undefined
  private rereadDelayMs = FIRST_REREAD_DELAY_MS
  private closing = false

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly nodeId: string,
    private readonly keys: RedisKeys,
    private readonly logger: Logger,
  ) {
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
    const keys = redisKeys(prefix)
    try {
      await subscriber.subscribe(keys.everyNode)
    } catch (error) {
      subscriber.disconnect()
      publisher.disconnect()
      throw error
    }
    return new RedisFanout(publisher, subscriber, nodeId, keys, logger)
  }

  /** How many topics are owed a re-read notice each, so that tests can see the set stay bounded. */
  get owedTopics(): number {
    return this.unannounced.size
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
   * other nodes are then sent a re-read notice for the topic, again and again until Redis takes it (past
   * `MAX_OWED_TOPICS` topics, one notice for every topic instead, so what is owed stays bounded).
   */
  async announce(message: StoredMessage, repeated: boolean): Promise<void> {
    try {
      await this.publisher.publish(
        this.keys.channel(message.topic),
        JSON.stringify({ node: this.nodeId, message, repeated }),
      )
    } catch (error) {
      this.owe(message.topic)
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
        if (this.unannounced.size === 0 && !this.everyTopicUnannounced) {
          this.rereadDelayMs = FIRST_REREAD_DELAY_MS
          return
        }
        this.rereadDelayMs = Math.min(2 * this.rereadDelayMs, MAX_REREAD_DELAY_MS)
        this.scheduleRereads()
      })
    }, this.rereadDelayMs)
    this.rereadTimer.unref()
  }

  /** A notice for every topic already covers this one; past the cap, every topic is owed one instead. */
  private owe(topic: string): void {
    if (this.everyTopicUnannounced || this.unannounced.has(topic)) return
    if (this.unannounced.size < MAX_OWED_TOPICS) this.unannounced.add(topic)
    else this.oweEveryTopic()
  }

  private oweEveryTopic(): void {
    this.unannounced.clear()
    this.everyTopicUnannounced = true
  }

  /** One notice per topic owed one, or a single one for every topic; a notice that fails stays owed. */
  private async sendRereads(): Promise<void> {
    const topics = [...this.unannounced]
    this.unannounced.clear()
    const everyTopic = this.everyTopicUnannounced
    this.everyTopicUnannounced = false
    const notices = topics.map((topic) =>
      this.sendReread(this.keys.channel(topic), { reread: topic }, () => this.owe(topic)),
    )
    if (everyTopic)
      notices.push(this.sendReread(this.keys.everyNode, { rereadAll: true }, () => this.oweEveryTopic()))
    await Promise.all(notices)
  }

  private sendReread(channel: string, notice: object, stillOwed: () => void): Promise<void> {
    return this.publisher.publish(channel, JSON.stringify({ node: this.nodeId, ...notice })).then(
      () => {},
      (error: unknown) => {
        stillOwed()
        this.logger.warn('telling other nodes to re-read mailboxes failed; retrying', {
          channel,
          error: describeError(error),
        })
      },
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
      () => this.rereadWatched(),
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
    if ('rereadAll' in announcement) {
      if (channel === this.keys.everyNode) this.rereadWatched()
    } else if ('reread' in announcement) {
      if (channel === this.keys.channel(announcement.reread)) this.missed([announcement.reread])
    } else if (channel === this.keys.channel(announcement.message.topic))
      this.receive(announcement.message, announcement.repeated ?? false)
  }

  private rereadWatched(): void {
    const topics = [...this.watched]
    if (topics.length > 0) this.missed(topics)
  }
}
