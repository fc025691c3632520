/**
 * The integrators' change feeds (GET /api/v1/orders, GET /api/v1/events) by commit, not by clock.
 *
 * A serial or a timestamp is taken while a transaction runs, but the row becomes visible only
 * when it commits: a change that commits after a later-numbered one could be passed by a cursor
 * that was already beyond it. So every feed row records the id of the transaction that wrote it
 * (`change_xid`, set by triggers, migration ChangeFeedByCommit), and a feed serves only rows whose
 * transaction is older than every transaction of this database still running (the horizon): those
 * are all committed or rolled back, and every transaction that starts later gets a larger id. A
 * cursor (change_xid, id) therefore only ever passes rows that are final, and a late commit shows
 * up after the cursor, not behind it. The price: a change is listed once the transactions that
 * were running when it was written have ended (normally milliseconds; a long transaction delays
 * the feed, it never hides a change).
 *
 * The horizon is the snapshot's `xmin`, except that transactions of other databases of the same
 * PostgreSQL server (which cannot write these tables) are not waited for; a transaction whose
 * database cannot be told (it just ended) is waited for. It must be computed in the statement that
 * reads the rows (the same snapshot): put FEED_HORIZON in its WITH and join `feed_horizon`.
 */
export const FEED_HORIZON = `
  feed_snapshot AS (SELECT pg_current_snapshot() AS s),
  other_database_xids AS (
    SELECT l.transactionid::text::bigint AS xid32
      FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'transactionid' AND a.datid <> (SELECT oid FROM pg_database WHERE datname = current_database())
  ),
  feed_horizon AS (
    SELECT LEAST(
             pg_snapshot_xmax(s)::text::bigint,
             (SELECT min(x::text::bigint) FROM pg_snapshot_xip(s) x
               WHERE x::text::bigint % 4294967296 NOT IN (SELECT xid32 FROM other_database_xids))
           ) AS h
      FROM feed_snapshot
  )`;

/** A position in a feed: after the row (changeXid, id). */
export interface FeedPosition {
  changeXid: string;
  id: number;
}
