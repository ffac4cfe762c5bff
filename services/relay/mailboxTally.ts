/**
 * Messages per topic and their bytes (`mailboxBytes`: envelope, attestation and a message's overhead) in
 * all, as committed plus what the running transaction added; the SQLite store keeps it in memory, since it
 * alone holds the file, and checks the caps against it without a query. Expired messages count until they
 * are purged.
 */
export class MailboxTally {
  private readonly perTopic = new Map<string, number>()
  private messageCount = 0
  private byteCount = 0

  get messages(): number {
    return this.messageCount
  }

  get bytes(): number {
    return this.byteCount
  }

  topicMessages(topic: string): number {
    return this.perTopic.get(topic) ?? 0
  }

  /** Adds (or, with negative numbers, takes away) `messages` messages of `bytes` bytes on `topic`. */
  add(topic: string, messages: number, bytes: number): void {
    const held = this.topicMessages(topic) + messages
    if (held > 0) this.perTopic.set(topic, held)
    else this.perTopic.delete(topic)
    this.messageCount += messages
    this.byteCount += bytes
  }
}
