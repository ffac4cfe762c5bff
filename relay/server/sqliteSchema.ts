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
  // The topic index covers expires_at, for the count of a full topic's unexpired messages.
  `DROP INDEX messages_by_topic;
   CREATE INDEX messages_by_topic ON messages (topic, seq, expires_at);`,
  // Counters once kept by triggers, in files a development build of step 2 wrote: the relay keeps them
  // in memory now (it holds the file's lock alone), and the triggers cost a third of a publish.
  `DROP TRIGGER IF EXISTS messages_counted;
   DROP TRIGGER IF EXISTS messages_uncounted;
   DROP TABLE IF EXISTS topic_totals;
   DROP TABLE IF EXISTS store_totals;`,
  // Deliveries keyed by the message's seq, not its id: acknowledgements arrive about in publish order,
  // so they append at the end of the index instead of landing on a random page each (the id is a
  // hash), which halves what a commit writes.
  `CREATE TABLE deliveries_by_seq (
     message_seq INTEGER NOT NULL REFERENCES messages (seq) ON DELETE CASCADE,
     client_id TEXT NOT NULL,
     PRIMARY KEY (message_seq, client_id)
   ) WITHOUT ROWID;
   INSERT INTO deliveries_by_seq
     SELECT m.seq, d.client_id FROM deliveries d JOIN messages m ON m.id = d.message_id;
   DROP TABLE deliveries;
   ALTER TABLE deliveries_by_seq RENAME TO deliveries;`,
]
