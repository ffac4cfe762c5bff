/**
 * The mailbox file's tables, as the steps that lead from an empty file to the current version. A file
 * records in `user_version` how many steps it has had; opening runs the rest, in one transaction.
 */
export const schemaSteps: readonly string[] = [
  // IF NOT EXISTS: relays before versioning, or killed between creating the tables and recording it.
  `CREATE TABLE IF NOT EXISTS messages (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     topic TEXT NOT NULL,
     message TEXT NOT NULL,
     tag INTEGER NOT NULL,
     prompt INTEGER NOT NULL,
     attestation TEXT,
     published_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     publisher_id TEXT NOT NULL
   );
   CREATE INDEX IF NOT EXISTS messages_by_topic ON messages (topic, seq);
   CREATE INDEX IF NOT EXISTS messages_by_expiry ON messages (expires_at);
   CREATE TABLE IF NOT EXISTS deliveries (
     message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
     client_id TEXT NOT NULL,
     PRIMARY KEY (message_id, client_id)
   ) WITHOUT ROWID;`,
  // Mailbox caps: counters kept by triggers, so that they change in the statement that changes the
  // messages (one statement, undone whole if it fails) and a put checks its caps without a scan. The
  // topic index covers expires_at for the count of a full topic's unexpired messages.
  `DROP INDEX messages_by_topic;
   CREATE INDEX messages_by_topic ON messages (topic, seq, expires_at);
   CREATE TABLE topic_totals (topic TEXT PRIMARY KEY, messages INTEGER NOT NULL) WITHOUT ROWID;
   CREATE TABLE store_totals (
     only INTEGER PRIMARY KEY CHECK (only = 0),
     messages INTEGER NOT NULL,
     bytes INTEGER NOT NULL
   );
   INSERT INTO topic_totals SELECT topic, count(*) FROM messages GROUP BY topic;
   INSERT INTO store_totals SELECT 0, count(*), coalesce(sum(length(message)), 0) FROM messages;
   CREATE TRIGGER messages_counted AFTER INSERT ON messages BEGIN
     INSERT INTO topic_totals (topic, messages) VALUES (new.topic, 1)
       ON CONFLICT (topic) DO UPDATE SET messages = messages + 1;
     UPDATE store_totals SET messages = messages + 1, bytes = bytes + length(new.message);
   END;
   CREATE TRIGGER messages_uncounted AFTER DELETE ON messages BEGIN
     UPDATE topic_totals SET messages = messages - 1 WHERE topic = old.topic;
     DELETE FROM topic_totals WHERE topic = old.topic AND messages = 0;
     UPDATE store_totals SET messages = messages - 1, bytes = bytes - length(old.message);
   END;`,
]
