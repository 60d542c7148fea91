"""The store's schema: the migrations that build it, one version at a time.

A store file's ``PRAGMA user_version`` is the last migration it has had;
:func:`migrate` brings it to :data:`SCHEMA_VERSION`, each migration in a transaction
of its own, so a file is always at one version or the next. (:mod:`companion.store.db`
refuses a file from a newer companion before anything is written.)
"""

from __future__ import annotations

import sqlite3

SCHEMA_VERSION = 8

# Migration n brings the schema from version n-1 to n. Never edit a shipped one: add.
MIGRATIONS: dict[int, str] = {
    1: """
    CREATE TABLE matches (
        id          INTEGER PRIMARY KEY,
        game        TEXT NOT NULL,
        players     TEXT NOT NULL,           -- JSON list, seating order
        finished    INTEGER NOT NULL DEFAULT 0,
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL
    );
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        match_id    INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        number      INTEGER NOT NULL,        -- 1, 2, 3 within the match
        record      TEXT NOT NULL,           -- the game record (REFEREE_CONTRACT.md) as JSON
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL,
        UNIQUE (match_id, number)
    );
    CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 2: a hosted table (companion.net.hub): players bid from their own phones. The
    # table, its seats and the bids not yet revealed live here so a host restart
    # brings them back; a revealed round goes into the game record like any other.
    2: """
    CREATE TABLE net_tables (
        id          INTEGER PRIMARY KEY,
        code        TEXT NOT NULL UNIQUE,    -- the short table code players type
        match_id    INTEGER NOT NULL UNIQUE REFERENCES matches(id) ON DELETE CASCADE,
        game_number INTEGER NOT NULL,        -- the game the pending bids are for
        position    INTEGER NOT NULL,        -- rounds (sales) recorded when they were made
        info        TEXT NOT NULL DEFAULT '{}',  -- JSON: the host's public part of the round
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL
    );
    CREATE TABLE net_seats (
        table_id    INTEGER NOT NULL REFERENCES net_tables(id) ON DELETE CASCADE,
        player      TEXT NOT NULL,
        seat        INTEGER NOT NULL,        -- seating order, 0-based
        token_hash  TEXT UNIQUE,             -- SHA-256 of the seat token (NULL: the seat is free)
        taken_at    REAL,
        PRIMARY KEY (table_id, player)
    );
    CREATE TABLE net_bids (
        table_id    INTEGER NOT NULL REFERENCES net_tables(id) ON DELETE CASCADE,
        player      TEXT NOT NULL,
        bid         TEXT NOT NULL,           -- JSON, as the game's adapter normalised it
        made        INTEGER NOT NULL,        -- order of submission (turn order for sales)
        submitted_at REAL NOT NULL,
        PRIMARY KEY (table_id, player)
    );
    """,
    # 3: what a match is played with beyond its record (the sales deck file, the burger
    # recipe file, the BU-7 top bun choices) belongs to the match and goes with it. They
    # were kept in the global settings under keys naming the match; moved here.
    3: """
    CREATE TABLE match_settings (
        match_id    INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        key         TEXT NOT NULL,
        value       TEXT NOT NULL,
        PRIMARY KEY (match_id, key)
    );
    INSERT OR IGNORE INTO match_settings (match_id, key, value)
        SELECT CAST(substr(key, 12) AS INTEGER), 'deck', value FROM settings
        WHERE key GLOB 'sales.deck.[0-9]*'
          AND CAST(substr(key, 12) AS INTEGER) IN (SELECT id FROM matches);
    INSERT OR IGNORE INTO match_settings (match_id, key, value)
        SELECT CAST(substr(key, 8, length(key) - 15) AS INTEGER), 'recipes', value FROM settings
        WHERE key GLOB 'burger:[0-9]*:recipes'
          AND CAST(substr(key, 8, length(key) - 15) AS INTEGER) IN (SELECT id FROM matches);
    INSERT OR IGNORE INTO match_settings (match_id, key, value)
        SELECT CAST(substr(key, 8, length(key) - 16) AS INTEGER), 'top_buns', value FROM settings
        WHERE key GLOB 'burger:[0-9]*:top_buns'
          AND CAST(substr(key, 8, length(key) - 16) AS INTEGER) IN (SELECT id FROM matches);
    DELETE FROM settings WHERE key GLOB 'sales.deck.[0-9]*' OR key GLOB 'burger:[0-9]*:recipes'
        OR key GLOB 'burger:[0-9]*:top_buns';
    """,
    # 4: what a screen has entered and not yet saved as a round (its passing state: the
    # bids being entered, hidden ones hidden, the step of a reveal), kept as it changes
    # so a restart or a reload finds it (companion.store.drafts).
    4: """
    CREATE TABLE drafts (
        match_id    INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        screen      TEXT NOT NULL,           -- whose drafts: a table screen's key ('hotdog-table')
        game_number INTEGER NOT NULL,        -- the game they were entered in
        state       TEXT NOT NULL,           -- JSON: the screen's passing state
        stamps      TEXT NOT NULL DEFAULT '{}',  -- JSON: by draft, the record it was begun on
        updated_at  REAL NOT NULL,
        PRIMARY KEY (match_id, screen)
    );
    """,
    # 5: the files players make for their own copy of a game (a sales deck, burger's
    # recipe cards), edited in the app: each is the JSON text the game's check reads
    # (companion.store.library). A match keeps its own copy in match_settings.
    5: """
    CREATE TABLE library (
        id          INTEGER PRIMARY KEY,
        game        TEXT NOT NULL,
        name        TEXT NOT NULL,           -- the file's name as a player reads it
        body        TEXT NOT NULL,           -- the file: JSON text, faults and all while edited
        updated_at  REAL NOT NULL
    );
    CREATE INDEX library_game ON library (game, name);
    """,
    # 6: game nights: the matches one evening grouped, whatever their game, and the
    # night's points per place (companion.store.nights). The record is the night's JSON
    # (companion.tallies.night.NightRecord); it names its matches by id and a deleted match
    # is left named (the night shows it gone).
    6: """
    CREATE TABLE nights (
        id          INTEGER PRIMARY KEY,
        record      TEXT NOT NULL,           -- the night record as JSON
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL
    );
    """,
    # 7: a match's stable id, carried by its exports: the same match imported twice is
    # recognised, and BG Stats gets the same play ids every time. And what Statistics,
    # History, game nights and exports need of a match, worked out from its records by
    # their referee once and kept beside them (companion.store.derived): a change to a
    # match's games deletes its rows in the same transaction (the triggers), whoever
    # writes it, and they are worked out again when next needed.
    7: """
    ALTER TABLE matches ADD COLUMN uid TEXT;
    UPDATE matches SET uid = lower(hex(randomblob(16)));
    CREATE UNIQUE INDEX matches_uid ON matches (uid);
    CREATE TRIGGER matches_uid AFTER INSERT ON matches WHEN NEW.uid IS NULL BEGIN
        UPDATE matches SET uid = lower(hex(randomblob(16))) WHERE id = NEW.id;
    END;
    CREATE INDEX matches_created ON matches (created_at);
    CREATE INDEX matches_players ON matches (game, players);
    CREATE TABLE derived_matches (
        match_id    INTEGER PRIMARY KEY,     -- matches(id); its rows go with it (the triggers below)
        digest      TEXT NOT NULL,           -- SHA-256 of its records as stored, in order
        version     TEXT NOT NULL,           -- the game's rules version (and this format's)
        counted     INTEGER NOT NULL,        -- 0: a lone mode, or a record the referee refuses
        complete    INTEGER NOT NULL,        -- every game of the match is over
        lone        INTEGER NOT NULL,        -- one person played every seat
        group_key   TEXT NOT NULL,           -- its players as a set: names.key, sorted, tab-joined
        error       TEXT                     -- why the referee refuses a record of it
    );
    CREATE INDEX derived_matches_group ON derived_matches (group_key);
    CREATE TABLE derived_games (             -- a finished game of a derived match
        match_id    INTEGER NOT NULL,
        number      INTEGER NOT NULL,
        rounds      INTEGER NOT NULL,
        winners     INTEGER NOT NULL,        -- how many won it (0: played as a team)
        margin      INTEGER,                 -- one winner of two or more: the winner's score less the best other
        winner      TEXT,                    -- that one winner
        tie_break   TEXT,                    -- the ruling that chose the winners among equal top scores
        start       TEXT,                    -- who started the game
        team        INTEGER,                 -- played as a team: the team's score
        series      TEXT,                    -- JSON: the game's chart of this game, or NULL
        created_at  REAL NOT NULL,           -- the game's, as stored (a BG Stats play's dates)
        updated_at  REAL NOT NULL,
        PRIMARY KEY (match_id, number)
    );
    -- The per-player rows are kept in the order Statistics reads them (WITHOUT ROWID: the
    -- table is its primary key's b-tree): a player's games in the order played, a game's
    -- figures by player; each carries its match's game, version, group and start. Every
    -- derived row goes with its derived_matches row (the trigger derived_dropped), by
    -- trigger and not by foreign key, so a writer with foreign keys off drops them too.
    CREATE TABLE derived_seats (             -- a player of a finished game of a counted match
        key         TEXT NOT NULL,           -- companion.core.names.key: the same player everywhere
        started     REAL NOT NULL,           -- the match's created_at
        match_id    INTEGER NOT NULL,
        number      INTEGER NOT NULL,
        seat        INTEGER NOT NULL,        -- 0-based, as seated
        name        TEXT NOT NULL,           -- as the record spells it
        score       INTEGER NOT NULL,
        won         INTEGER NOT NULL,
        winners     INTEGER NOT NULL,        -- how many won the game
        game        TEXT NOT NULL,
        version     TEXT NOT NULL,
        group_key   TEXT NOT NULL,
        PRIMARY KEY (key, started, match_id, number, seat)
    ) WITHOUT ROWID;
    CREATE INDEX derived_seats_game ON derived_seats (match_id, number, seat);
    CREATE TABLE derived_figures (           -- a game's own figures, per player of a counted match
        game        TEXT NOT NULL,
        key         TEXT NOT NULL,
        figure      TEXT NOT NULL,           -- the game's name for it ('bids', 'sold', …)
        match_id    INTEGER NOT NULL,
        value       INTEGER NOT NULL,        -- added up over the match's finished games
        version     TEXT NOT NULL,
        group_key   TEXT NOT NULL,
        started     REAL NOT NULL,
        PRIMARY KEY (game, key, figure, match_id)
    ) WITHOUT ROWID;
    CREATE INDEX derived_figures_match ON derived_figures (match_id);
    CREATE TABLE derived_totals (            -- a player of a derived match: its total
        match_id    INTEGER NOT NULL,
        seat        INTEGER NOT NULL,
        name        TEXT NOT NULL,
        key         TEXT NOT NULL,
        total       INTEGER NOT NULL,        -- of its finished games
        won         INTEGER NOT NULL,        -- won the match (once complete)
        PRIMARY KEY (match_id, seat)
    );
    CREATE INDEX derived_totals_key ON derived_totals (key);
    -- The games written since the last start: only their records are checked to be JSON
    -- when the file is opened next (a start reads no other record, however long the history).
    CREATE TABLE games_written (game_id INTEGER PRIMARY KEY);
    INSERT INTO games_written (game_id) SELECT id FROM games;
    CREATE TRIGGER games_written_added AFTER INSERT ON games BEGIN
        INSERT OR IGNORE INTO games_written (game_id) VALUES (NEW.id);
    END;
    CREATE TRIGGER games_written_changed AFTER UPDATE OF record ON games BEGIN
        INSERT OR IGNORE INTO games_written (game_id) VALUES (NEW.id);
    END;
    -- Statistics of the whole history, counted once per state of the derived rows (their
    -- generation, counted up by every row kept or dropped): a start draws them as kept.
    CREATE TABLE derived_generation (n INTEGER NOT NULL);
    INSERT INTO derived_generation (n) VALUES (0);
    CREATE TRIGGER derived_kept AFTER INSERT ON derived_matches BEGIN
        UPDATE derived_generation SET n = n + 1;
    END;
    CREATE TRIGGER derived_dropped AFTER DELETE ON derived_matches BEGIN
        DELETE FROM derived_seats WHERE match_id = OLD.match_id;
        DELETE FROM derived_figures WHERE match_id = OLD.match_id;
        DELETE FROM derived_games WHERE match_id = OLD.match_id;
        DELETE FROM derived_totals WHERE match_id = OLD.match_id;
        UPDATE derived_generation SET n = n + 1;
    END;
    CREATE TABLE derived_summaries (
        chosen      TEXT PRIMARY KEY,        -- what was counted (the filter and the games' versions)
        generation  INTEGER NOT NULL,        -- of the derived rows it was counted from
        data        TEXT NOT NULL            -- JSON: the counts (no words: names and numbers)
    );
    CREATE TRIGGER derived_game_added AFTER INSERT ON games BEGIN
        DELETE FROM derived_matches WHERE match_id = NEW.match_id;
    END;
    CREATE TRIGGER derived_game_changed AFTER UPDATE OF record, number, match_id, created_at ON games BEGIN
        DELETE FROM derived_matches WHERE match_id IN (OLD.match_id, NEW.match_id);
    END;
    CREATE TRIGGER derived_game_removed AFTER DELETE ON games BEGIN
        DELETE FROM derived_matches WHERE match_id = OLD.match_id;
    END;
    CREATE TRIGGER derived_match_removed AFTER DELETE ON matches BEGIN
        DELETE FROM derived_matches WHERE match_id = OLD.id;
    END;
    CREATE TRIGGER derived_match_changed AFTER UPDATE OF game, players, created_at ON matches BEGIN
        DELETE FROM derived_matches WHERE match_id = NEW.id;
    END;
    """,
    # 8: the matches in the order History lists them, the most recently changed first
    # (companion.store.db.Store.page_of_summaries): its page is read from the index's
    # end, where at 10,000 matches SQLite read and sorted every match to find ten.
    8: """
    CREATE INDEX matches_changed ON matches (updated_at, id);
    """,
}


def migrate(conn: sqlite3.Connection, version: int) -> None:
    """Bring the file at ``version`` to :data:`SCHEMA_VERSION`, one migration a transaction."""
    for v in range(version + 1, SCHEMA_VERSION + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for stmt in _statements(MIGRATIONS[v]):
                conn.execute(stmt)
            conn.execute(f"PRAGMA user_version={v}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def _statements(script: str) -> list[str]:
    """A migration's statements, one by one (a trigger's body keeps its own ``;``)."""
    out: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                out.append(pending.strip())
            pending = ""
    if pending.strip(" \n;"):
        out.append(pending.strip())
    return out
