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
  // Indexes that cost a publish less: message ids and topics are 64 hex characters of a hash, so an
  // index on the text puts every insert on a random page of a large tree, and each such page is written
  // again by the commit. Indexed instead by their first 8 bytes (a tree a sixth the size, mostly in the
  // cache) and compared in full: `keyMatch` in sqliteStore.ts, which every lookup uses. The topic index
  // covers expires_at, for the count of a full topic's unexpired messages. Deliveries are keyed by the
  // message's seq: acknowledgements come about in publish order, so they append at the end of their
  // index. Rows are carried over; foreign keys are off while this runs, so dropping the old tables
  // cascades nothing.
  `CREATE TABLE messages_keyed (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL,
     topic TEXT NOT NULL,
     message TEXT NOT NULL,
     tag INTEGER NOT NULL,
     prompt INTEGER NOT NULL,
     attestation TEXT,
     published_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     publisher_id TEXT NOT NULL
   );
   INSERT INTO messages_keyed
     SELECT seq, id, topic, message, tag, prompt, attestation, published_at, expires_at, publisher_id
       FROM messages;
   CREATE TABLE deliveries_by_seq (
     message_seq INTEGER NOT NULL REFERENCES messages (seq) ON DELETE CASCADE,
     client_id TEXT NOT NULL,
     PRIMARY KEY (message_seq, client_id)
   ) WITHOUT ROWID;
   INSERT INTO deliveries_by_seq
     SELECT m.seq, d.client_id FROM deliveries d JOIN messages m ON m.id = d.message_id;
   DROP TABLE deliveries;
   DROP TABLE messages;
   ALTER TABLE messages_keyed RENAME TO messages;
   ALTER TABLE deliveries_by_seq RENAME TO deliveries;
   CREATE INDEX messages_by_id ON messages (unhex(substr(id, 1, 16)));
   CREATE INDEX messages_by_topic ON messages (unhex(substr(topic, 1, 16)), seq, expires_at);
   CREATE INDEX messages_by_expiry ON messages (expires_at);`,
]
