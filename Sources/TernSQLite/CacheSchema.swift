import GRDB

/// The tables of the cache database, their migrations, and the check that a file holds them and nothing else.
enum CacheSchema {
    /// The table GRDB records applied migrations in.
    static let migrationsTable = "grdb_migrations"

    /// The columns each of our tables has once every migration ran.
    static let columns: [String: Set<String>] = [
        "responses": [
            "id", "key", "status", "headers", "body", "file_path", "source", "stored_at", "valid_until", "method",
            "url",
            "request", "vary", "body_bytes", "last_used", "revalidated_at", "verified_at", "drifted", "name",
            "secrets",
        ],
        "history": [
            "id", "spec", "method", "url", "date", "status", "source", "duration", "error", "request", "cache_key",
            "timing",
        ],
    ]

    /// Every migration, oldest first; identifiers are never renamed once shipped.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("tern-v1-responses-history") { db in
            try db.execute(
                sql: """
                    CREATE TABLE responses (
                        id INTEGER PRIMARY KEY,
                        key TEXT NOT NULL,
                        status INTEGER NOT NULL,
                        headers TEXT NOT NULL,
                        body BLOB NOT NULL,
                        file_path TEXT,
                        source TEXT NOT NULL,
                        stored_at REAL NOT NULL,
                        valid_until REAL NOT NULL,
                        method TEXT NOT NULL,
                        url TEXT NOT NULL
                    ) STRICT;
                    CREATE INDEX responses_on_key ON responses(key);
                    CREATE INDEX responses_on_stored_at ON responses(stored_at);
                    CREATE TABLE history (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        spec TEXT,
                        method TEXT NOT NULL,
                        url TEXT NOT NULL,
                        date REAL NOT NULL,
                        status INTEGER,
                        source TEXT,
                        duration REAL NOT NULL,
                        error TEXT
                    ) STRICT;
                    CREATE INDEX history_on_date ON history(date);
                    """
            )
        }
        // Responses are keyed by request identity from here on: entries stored under the old
        // `METHOD URL` keys can answer nothing (and may hold secrets in clear), so they go.
        migrator.registerMigration("tern-v2-request-identity") { db in
            try db.execute(
                sql: """
                    DELETE FROM responses;
                    ALTER TABLE responses ADD COLUMN request TEXT;
                    ALTER TABLE responses ADD COLUMN vary TEXT;
                    ALTER TABLE responses ADD COLUMN body_bytes INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE responses ADD COLUMN last_used REAL NOT NULL DEFAULT 0;
                    ALTER TABLE responses ADD COLUMN revalidated_at REAL;
                    ALTER TABLE responses ADD COLUMN verified_at REAL;
                    ALTER TABLE responses ADD COLUMN drifted INTEGER;
                    ALTER TABLE responses ADD COLUMN name TEXT;
                    CREATE INDEX responses_on_last_used ON responses(last_used);
                    CREATE INDEX responses_on_name ON responses(name);
                    """
            )
        }
        // History entries keep the request as sent (redacted) and where its response is stored,
        // so a past send can be opened as it was.
        migrator.registerMigration("tern-v3-history-requests") { db in
            try db.execute(
                sql: """
                    ALTER TABLE history ADD COLUMN request TEXT;
                    ALTER TABLE history ADD COLUMN cache_key TEXT;
                    """
            )
        }
        // Answers are stored as the server sent them; where they held a secret value is recorded, so an
        // export can mask it. Entries stored before were rewritten (`••••••`): they are dropped, since
        // replaying them would send the mask as a credential.
        migrator.registerMigration("tern-v4-answers-as-sent") { db in
            try db.execute(
                sql: """
                    DELETE FROM responses;
                    ALTER TABLE responses ADD COLUMN secrets TEXT;
                    """
            )
        }
        // History entries keep where a live send's time went (`TransferPhases` as JSON).
        migrator.registerMigration("tern-v5-history-timing") { db in
            try db.execute(sql: "ALTER TABLE history ADD COLUMN timing TEXT")
        }
        return migrator
    }()

    /// `PRAGMA application_id` of a Tern cache: "tern" in ASCII.
    static let applicationID: Int32 = 0x7465_726E

    /// The statements that stamp a migrated file: Tern's application id and, as `user_version`, the
    /// number of migrations applied.
    static var stampStatements: String {
        "PRAGMA application_id = \(applicationID); PRAGMA user_version = \(migrator.migrations.count)"
    }

    /// Whether a database header's stamp is this Tern's, with exactly these migrations.
    static func isStamped(_ stamp: (applicationID: Int32, userVersion: Int32)?) -> Bool {
        guard let stamp else { return false }
        return stamp.applicationID == applicationID && Int(stamp.userVersion) == migrator.migrations.count
    }

    /// Whether the file was stamped by a Tern with exactly these migrations (a newer or older one,
    /// or another program's file, is inspected in full).
    static func isStamped(_ db: Database) throws -> Bool {
        let application = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let version = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        return isStamped((application, version))
    }

    /// Why `db` is not a cache database Tern can use, or `nil` when it is ours or empty.
    ///
    /// Reads only: the file is left byte for byte as it was, so a foreign one can be moved aside intact.
    static func problem(in db: Database) throws -> String? {
        let tables = try String.fetchSet(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
        )
        if tables.isEmpty { return nil }
        let known = Set(columns.keys).union([migrationsTable])
        let foreign = tables.subtracting(known)
        if !foreign.isEmpty {
            return "it holds tables Tern does not know: \(foreign.sorted().joined(separator: ", "))"
        }
        guard tables.contains(migrationsTable) else {
            return "it has Tern's table names but no record of Tern's migrations"
        }
        let applied = try migrator.appliedIdentifiers(db)
        let unknown = applied.subtracting(migrator.migrations)
        if !unknown.isEmpty {
            return
                "it was written by a newer Tern or another program (migrations "
                + "\(unknown.sorted().joined(separator: ", ")))"
        }
        let complete = applied.count == migrator.migrations.count
        for (table, expected) in columns.sorted(by: { $0.key < $1.key }) {
            guard tables.contains(table) else {
                if complete { return "its table '\(table)' is missing" }
                continue
            }
            let present = Set(try db.columns(in: table).map(\.name))
            if complete, !expected.isSubset(of: present) {
                let missing = expected.subtracting(present).sorted().joined(separator: ", ")
                return "its table '\(table)' lacks the columns \(missing)"
            }
        }
        return nil
    }
}
