#ifndef TERN_CSQLITEOPTIONS_H
#define TERN_CSQLITEOPTIONS_H

// SQLite settings that only sqlite3_db_config() makes, which Swift cannot call: it is variadic.
struct sqlite3;

/// Asks `db` not to checkpoint its write-ahead log when it closes (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE),
/// so the last connection to close leaves the log in place instead of copying it into the database,
/// syncing both files and deleting it. Returns SQLite's result code.
int tern_sqlite_keep_log_on_close(struct sqlite3 *db);

#endif
